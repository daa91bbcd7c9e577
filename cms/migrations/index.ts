import * as migration_20261122_221027_initial from './20261122_221027_initial.ts';

export const migrations = [
  {
    up: migration_20261122_221027_initial.up,
    down: migration_20261122_221027_initial.down,
    name: '20261122_221027_initial'
  },
];
