// Loaded by app-services.tsx when the first modal is asked for (see LazyModals there).
export { ModalsProvider } from '@mantine/modals';
