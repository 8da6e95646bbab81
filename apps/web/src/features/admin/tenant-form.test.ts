import { tenantEditBody } from '@central/domain';
import { describe, expect, it } from 'vitest';
import { tenantFormDefaults } from './tenant-form';
import { acme } from './test-fixtures';

describe('the tenant form’s values (what a save sends)', () => {
  it('sends the stored apps settings back as they are, every secret blank (kept by the server)', () => {
    const body = tenantEditBody.parse(
      tenantFormDefaults({ ...acme, nextcloud_url: 'https://cloud.acme.example', nextcloud_user: 'admin' }),
    );
    expect(body).toMatchObject({
      apps_static_catalogue: false,
      watch_url: 'https://api.watch.example',
      watch_token: null,
      playhub_url: null,
      nextcloud_url: 'https://cloud.acme.example',
      nextcloud_user: 'admin',
      nextcloud_app_password: null,
      cloud_quota_gb: null,
      ixc_access_token: null,
    });
  });

  it('sends an emptied URL as none, so that the partner and its token are removed', () => {
    const values = { ...tenantFormDefaults(acme), watch_url: '', cloud_quota_gb: '12' };
    expect(tenantEditBody.parse(values)).toMatchObject({ watch_url: null, cloud_quota_gb: 12 });
  });
});
