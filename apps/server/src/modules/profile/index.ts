export { profileRoutes } from './profile.routes';
export { profileService, type Profile, type ProfileUpdate, type ChangePasswordBody } from './profile.service';
