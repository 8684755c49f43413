export { orderFor, RedisGatewayRegistry, type GatewayRegistry } from './registry.ts';
