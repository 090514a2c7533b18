import { lazyRouteComponent } from '@tanstack/react-router';
import { importWithReload } from './chunk-reload';

const importDetails = importWithReload(() => import('../features/details/item-detail-screen'));

/**
 * The screens the server's menu `component` keys name (spec §2: "All route components load lazily"). Screens
 * other issues build are added here by their key; a key not listed yet shows the under-construction screen.
 */
const screens: Record<string, ReturnType<typeof lazyRouteComponent>> = {
  // Detail screens (features/details): one lazily loaded module for the five.
  'tender/index': lazyRouteComponent(importDetails, 'TenderDetailScreen'),
  'building/index': lazyRouteComponent(importDetails, 'BuildingDetailScreen'),
  'approve/index': lazyRouteComponent(importDetails, 'ApproveDetailScreen'),
  forecastDetail: lazyRouteComponent(importDetails, 'ForecastDetailScreen'),
  intentionDetail: lazyRouteComponent(importDetails, 'IntentionDetailScreen'),
  // Subscriptions and monitoring (features/subscriptions, features/monitoring).
  'subscribe/bidding': lazyRouteComponent(
    importWithReload(() => import('../features/subscriptions/subscription-screen')),
    'BiddingSubscriptionScreen',
  ),
  'subscribe/upfront': lazyRouteComponent(
    importWithReload(() => import('../features/subscriptions/subscription-screen')),
    'UpfrontSubscriptionScreen',
  ),
  // 即将到期 loads with the subscription screens' module: a chunk of its own would cost /login its budget.
  'subscribe/expiring': lazyRouteComponent(
    importWithReload(() => import('../features/subscriptions/subscription-screen')),
    'ExpiringScreen',
  ),
  'monitor/owner': lazyRouteComponent(
    importWithReload(() => import('../features/monitoring/monitor-screens')),
    'OwnerMonitorScreen',
  ),
  'monitor/rival': lazyRouteComponent(
    importWithReload(() => import('../features/monitoring/monitor-screens')),
    'RivalMonitorScreen',
  ),
  'monitor/agent': lazyRouteComponent(
    importWithReload(() => import('../features/monitoring/monitor-screens')),
    'AgentMonitorScreen',
  ),
  'monitor/project': lazyRouteComponent(
    importWithReload(() => import('../features/monitoring/monitor-screens')),
    'ProjectMonitorScreen',
  ),
  // Search, browsing history and follows (features/search, features/history).
  'informationQuery/bid': lazyRouteComponent(
    importWithReload(() => import('../features/search/bid-search-screen')),
    'BidSearchScreen',
  ),
  BrowsingHistory: lazyRouteComponent(
    importWithReload(() => import('../features/history/browsing-history-screen')),
    'BrowsingHistoryScreen',
  ),
  myFocus: lazyRouteComponent(
    importWithReload(() => import('../features/history/my-focus-screen')),
    'MyFocusScreen',
  ),
  // Companies and analysis (features/companies, features/analysis).
  'enterpriseAnalysis/informationQuery/erterInformation': lazyRouteComponent(
    importWithReload(() => import('../features/companies/company-search-screen')),
    'CompanySearchScreen',
  ),
  enterpriseDetails: lazyRouteComponent(
    importWithReload(() => import('../features/companies/company-detail-screen')),
    'CompanyDetailScreen',
  ),
  enterHistory: lazyRouteComponent(
    importWithReload(() => import('../features/companies/company-history-screen')),
    'CompanyHistoryScreen',
  ),
  projectAnalysis: lazyRouteComponent(
    importWithReload(() => import('../features/analysis/project-analysis-screen')),
    'ProjectAnalysisScreen',
  ),
  medicalDetail: lazyRouteComponent(
    importWithReload(() => import('../features/details/medical-detail-screen')),
    'MedicalDetailScreen',
  ),
  altas: lazyRouteComponent(
    importWithReload(() => import('../features/companies/company-atlas-screen')),
    'CompanyAtlasScreen',
  ),
  'enterpriseAnalysis/informationQuery/marketAnalysis': lazyRouteComponent(
    importWithReload(() => import('../features/analysis/market-analysis-screen')),
    'MarketAnalysisScreen',
  ),
  dashboard: lazyRouteComponent(
    importWithReload(() => import('../features/analysis/dashboard-screen')),
    'DashboardScreen',
  ),
  dataStatistics: lazyRouteComponent(
    importWithReload(() => import('../features/analysis/data-statistics-screen')),
    'DataStatisticsScreen',
  ),
  // Export (features/export).
  dataExport: lazyRouteComponent(
    importWithReload(() => import('../features/export/data-export-screen')),
    'DataExportScreen',
  ),
  myExport: lazyRouteComponent(
    importWithReload(() => import('../features/export/my-export-screen')),
    'MyExportScreen',
  ),
  // Account (features/account).
  infoEdit: lazyRouteComponent(
    importWithReload(() => import('../features/account/account-screens')),
    'InfoEditScreen',
  ),
  enterpriseEdit: lazyRouteComponent(
    importWithReload(() => import('../features/account/account-screens')),
    'EnterpriseEditScreen',
  ),
  myOrder: lazyRouteComponent(
    importWithReload(() => import('../features/account/my-order-screen')),
    'MyOrderScreen',
  ),
  myCoupon: lazyRouteComponent(
    importWithReload(() => import('../features/account/my-coupon-screen')),
    'MyCouponScreen',
  ),
  enterpriseJoin: lazyRouteComponent(
    importWithReload(() => import('../features/account/enterprise-join-screen')),
    'EnterpriseJoinScreen',
  ),
};

const underConstruction = lazyRouteComponent(
  importWithReload(() => import('../features/under-construction/under-construction-screen')),
  'UnderConstructionScreen',
);

export function screenForComponent(key: string) {
  return screens[key] ?? underConstruction;
}
