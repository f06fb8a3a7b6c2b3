export { signupRoutes } from './signup.routes';
