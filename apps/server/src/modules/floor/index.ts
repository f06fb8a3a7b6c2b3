export { floorRoutes } from './floor.routes';
export { branchOfRequest, floorBranch, writableBranch } from './floor-branch';
export { floorAreasOf, floorTablesOf } from './floor.service';
export { kitchenStationsOf } from './kitchen-stations.service';
export { seedDemoFloor } from './floor-demo';
