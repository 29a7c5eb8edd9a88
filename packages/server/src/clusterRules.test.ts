import { describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { checkClusterSettings, ClusterSettingsError } from './clusterRules.js';
import { settingsFromEnv } from './settings.js';

const CLUSTER = {
  INSTANCES: '3',
  DATABASE_URL: 'postgres://ds@db.internal/ds',
  DEPLOY_SECRET: 'one-secret',
  RSA_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----',
  DATA_DIR_SHARED: '1',
  DATA_DIR: '/srv/ds-shared',
};

describe('several instances over one database', () => {
  it('starts one instance as before, with nothing more to set', () => {
    expect(() => checkClusterSettings(settingsFromEnv({}))).not.toThrow();
  });

  it('accepts INSTANCES above 1 with PostgreSQL, the shared keys and a shared DATA_DIR', () => {
    expect(() => checkClusterSettings(settingsFromEnv(CLUSTER))).not.toThrow();
  });

  it('refuses a folder not declared shared, naming the setting', () => {
    const { DATA_DIR_SHARED: _shared, ...rest } = CLUSTER;
    expect(() => checkClusterSettings(settingsFromEnv(rest))).toThrow(ClusterSettingsError);
    expect(() => checkClusterSettings(settingsFromEnv(rest))).toThrow(/INSTANCES=3：多实例部署缺少以下设置：\n {2}- DATA_DIR_SHARED=1（DATA_DIR 须为各实例共享的文件系统/);
  });

  it('with S3 storage accepts a DATA_DIR of its own per instance: chunks and files are in the bucket', () => {
    const { DATA_DIR_SHARED: _shared, ...rest } = CLUSTER;
    const s3 = { S3_ENDPOINT: 'http://s3.internal:9000', S3_BUCKET: 'ds-files', S3_ACCESS_KEY: 'k', S3_SECRET_KEY: 's' };
    expect(() => checkClusterSettings(settingsFromEnv({ ...rest, ...s3 }), { ...rest, ...s3 })).not.toThrow();
    expect(() => checkClusterSettings(settingsFromEnv(rest), rest)).toThrow(/DATA_DIR_SHARED=1/);
  });

  it('refuses the embedded database and keys made per folder, listing every missing setting', () => {
    let message = '';
    try {
      checkClusterSettings(settingsFromEnv({ INSTANCES: '2', DATA_DIR_SHARED: '1' }));
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toContain('DATABASE_URL（多个实例必须共用一个 PostgreSQL');
    expect(message).toContain('DEPLOY_SECRET（各实例须相同）');
    expect(message).toContain('RSA_PRIVATE_KEY（各实例须相同）');
    expect(message).not.toContain('- DATA_DIR_SHARED');
  });

  it('refuses at start-up, before any database is opened', async () => {
    await expect(buildApp({ settings: { ...settingsFromEnv({}), instances: 2, dataDir: '/nonexistent/ds-never-created' } })).rejects.toThrow(ClusterSettingsError);
  });

  it('refuses an INSTANCES that is not a positive integer', () => {
    expect(() => settingsFromEnv({ INSTANCES: 'two' })).toThrow('环境变量 INSTANCES 必须是正整数，当前为“two”');
  });
});
