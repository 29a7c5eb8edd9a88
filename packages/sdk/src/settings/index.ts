/**
 * Platform settings: the configuration keys a city administrator changes in the back-office and the
 * rule each value meets. Pure (no HTTP, no DOM): the server validates with it, the settings screen too.
 */
export * from './settingsRules.js';
