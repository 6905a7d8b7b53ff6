/** The VK ID client; provided only when VK ID is configured. */
export const VK_ID_CLIENT = Symbol('VK_ID_CLIENT');
