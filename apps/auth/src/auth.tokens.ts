export const AUTH_LOGGER = Symbol('AUTH_LOGGER');
