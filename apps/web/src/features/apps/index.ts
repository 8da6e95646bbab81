import type { RouteObject } from 'react-router';
import * as paths from '@/shared/paths';

export { HomeApps, prefetchHomeApps } from './home-apps';

const detailPage = () => import('./pages/app-detail-page').then((m) => ({ Component: m.AppDetailPage }));
const oleTvPage = () => import('./pages/ole-tv-page').then((m) => ({ Component: m.OleTvPage }));

/**
 * spec §2.2 apps. The named apps' paths (atp-box, watchbr, tocalivros, ole-tv, atplus-oletv) rank above
 * the detail page's `{customerAppId}/{contractId}`, whose ids are uuids. A cloud box given by a plan has
 * no cloud service: its segment is optional, and the app's id rides along as `?app=`.
 */
export const appRoutes: RouteObject[] = [
  { path: paths.app(':customerAppId', ':contractId'), lazy: detailPage },
  { path: paths.app(':customerAppId', ':contractId', ':cloudServiceId'), lazy: detailPage },
  { path: paths.watchbrApp(':contract_id', ':app_id'), lazy: detailPage },
  {
    path: paths.cloudBox(':contractId', ':cloudServiceId?'),
    lazy: () => import('./pages/cloud-box-page').then((m) => ({ Component: m.CloudBoxPage })),
  },
  {
    path: paths.cloudUserNew(':contractId', ':cloudServiceId?'),
    lazy: () => import('./pages/cloud-user-new-page').then((m) => ({ Component: m.CloudUserNewPage })),
  },
  {
    path: paths.cloudUserEdit(':contractId', ':cloudServiceId?', ':userId'),
    lazy: () => import('./pages/cloud-user-edit-page').then((m) => ({ Component: m.CloudUserEditPage })),
  },
  {
    path: paths.tocaLivros(':contract_id', ':app_id'),
    lazy: () => import('./pages/toca-livros-page').then((m) => ({ Component: m.TocaLivrosPage })),
  },
  { path: paths.oleTv, lazy: oleTvPage },
  { path: paths.oleTvApp(':contract_id', ':app_id'), lazy: oleTvPage },
];
