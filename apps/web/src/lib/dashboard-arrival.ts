/**
 * Navigation state of the landing on the dashboard right after an email was verified: the user's
 * first visit, which the dashboard greets 'Welcome' rather than 'Welcome back'
 * (docs/product/dashboard.md#overview).
 */
export interface DashboardArrival {
  firstVisit?: boolean;
}
