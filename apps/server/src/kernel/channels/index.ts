/**
 * Live channels: events pushed to browsers over Server-Sent Events, per shop, branch and purpose (stock alerts; ready
 * for kitchen screens and room boards). A module declares its purpose (definePurpose), publishes inside its writer's
 * transaction (publishLive: delivered on commit, on every instance) and registers the purpose's ticket and stream
 * routes (registerChannelRoutes).
 */
export { definePurpose, type ChannelPurpose, type ChannelScope } from './purposes';
export { publishLive, type LiveMessage } from './publish';
export { registerChannelRoutes, channelHubOf, type LiveSessions, type ChannelRoutesSpec } from './routes';
export type { ChannelHub, ChannelSubscriber, LiveEvent, Missed } from './hub';
