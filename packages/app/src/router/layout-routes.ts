/**
 * spec §2 "Routes inside the main layout" that no server menu lists: the detail screens a list or a link opens.
 * Each is served by the screen its `component` key names (screens.ts), like a menu route, and shows in the
 * tags bar under its title. The menu routes come from the server (menu-routes.ts).
 */
export interface LayoutRoute {
  path: string;
  name: string;
  component: string;
  title: string;
  noCache?: boolean;
}

export const LAYOUT_ROUTES: readonly LayoutRoute[] = [
  { path: '/tender/index', name: 'TenderDetail', component: 'tender/index', title: '公告详情' },
  { path: '/building/index', name: 'BuildingDetail', component: 'building/index', title: '拟建项目详情' },
  { path: '/approve/index', name: 'ApproveDetail', component: 'approve/index', title: '审批项目详情' },
  { path: '/forecastDetail', name: 'ForecastDetail', component: 'forecastDetail', title: '商机详情' },
  { path: '/intentionDetail', name: 'IntentionDetail', component: 'intentionDetail', title: '采购意向详情' },
  {
    path: '/enterpriseDetails',
    name: 'EnterpriseDetails',
    component: 'enterpriseDetails',
    title: '企业详情',
  },
  { path: '/enterHistory', name: 'EnterHistory', component: 'enterHistory', title: '企业历史分析' },
  { path: '/altas', name: 'Altas', component: 'altas', title: '企业图谱' },
  { path: '/projectAnalysis', name: 'ProjectAnalysis', component: 'projectAnalysis', title: '项目分析' },
];

/** spec §2: my browsing history "also referenced as /browsingHistory". */
export const ROUTE_ALIASES: Readonly<Record<string, string>> = {
  '/browsingHistory': '/BrowsingHistory',
};
