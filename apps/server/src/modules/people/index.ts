export { peopleRoutes } from './people.routes.js';
export { PeopleService } from './people.service.js';
