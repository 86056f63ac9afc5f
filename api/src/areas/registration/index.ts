// Registration: registering for mandatory and elective disciplines, and the teachers' streams.
export { default as registrationRoutes } from './routes.js';
export { createRegistrationRepository, type RegistrationRepository } from './repository.js';
