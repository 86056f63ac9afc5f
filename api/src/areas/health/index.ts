// Health: whether a process is alive and whether it is ready for traffic (a load balancer asks).
export { default as healthArea } from './routes.js';
