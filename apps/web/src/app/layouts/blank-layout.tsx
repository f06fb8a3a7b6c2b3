import { Box } from '@mantine/core';
import { Outlet } from 'react-router';

/** No menu, no top bar: the whole window is the screen (the POS). */
export function BlankLayout() {
  return (
    <Box mih="100vh">
      <Outlet />
    </Box>
  );
}
