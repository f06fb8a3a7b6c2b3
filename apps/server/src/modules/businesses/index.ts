export { createBusiness, addUser, PRESET_ROLES, type NewBusiness, type CreatedBusiness } from './businesses.service';
