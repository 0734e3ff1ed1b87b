import { DashboardNotFound } from '../../components/dashboard-not-found';

/** The signed-in area's 'Page not found' route (app/routes.tsx). */
export default function DashboardNotFoundPage() {
  return <DashboardNotFound />;
}
