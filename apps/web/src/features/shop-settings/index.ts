export { useGeneralSetting } from './api/general-setting';
export { GeneralSettingForm } from './components/general-setting-form';
