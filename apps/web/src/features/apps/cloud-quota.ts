import type { CloudUserList } from '@central/domain';

/** The list as `cloudQuotaAvailableGb` reads it: the group's limit and each user's quota, in bytes. */
export const quotaOf = (list: CloudUserList) => ({
  limitBytes: list.group.quota_limit,
  users: list.users.map((user) => ({ id: user.id, quotaBytes: user.quota.total })),
});
