export { passwordResetRoutes } from './password-reset.routes';
export { forgotPassword } from './password-reset.service';
