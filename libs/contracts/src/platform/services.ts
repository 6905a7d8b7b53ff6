/** Every backend process. The gateway is the edge; the rest are services behind the Redis transport. */
export const SERVICE_NAMES = ['auth', 'catalogue', 'community', 'chat', 'rewards', 'moderation'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];
export type AppName = ServiceName | 'gateway';

/** Default probe ports of the services (HEALTH_PORT overrides). */
export const DEFAULT_HEALTH_PORTS: Record<ServiceName, number> = {
  auth: 3101,
  catalogue: 3102,
  community: 3103,
  chat: 3104,
  rewards: 3105,
  moderation: 3106,
};

export interface ServiceHealth {
  service: ServiceName;
  status: 'up' | 'down';
  checks: Record<string, 'up' | 'down'>;
}

export interface PortalHealth {
  status: 'up' | 'down';
  services: Record<ServiceName, 'up' | 'down'>;
}
