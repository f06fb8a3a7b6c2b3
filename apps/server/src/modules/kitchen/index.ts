export { kitchenRoutes } from './kitchen.routes';
export { makeTickets, readTickets, type TicketChange } from './tickets';
export { announce, FLOOR_LIVE, KITCHEN_LIVE, liveSessions } from './live';
