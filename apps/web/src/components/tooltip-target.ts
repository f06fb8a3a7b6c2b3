// Loaded by light-tooltip.tsx on first use, so that Tooltip and floating-ui stay out of the till's first load.
export { Tooltip } from '@mantine/core';
