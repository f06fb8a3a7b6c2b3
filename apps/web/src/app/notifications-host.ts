// Loaded by app-services.tsx when the first notification is shown (see LazyNotifications there).
export { Notifications } from '@mantine/notifications';
