export { tillRoutes } from './tills.routes';
export { registerTillIn, takeTillNumber, TILL_COUNTER } from './tills.service';
