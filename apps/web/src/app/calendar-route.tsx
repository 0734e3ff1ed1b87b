import { CalendarPage } from '../features/agenda/calendar-page';
import { TodoDialog } from '../features/todos/todo-dialog';

/**
 * The calendar (ADR 0031): the agenda feature's page, opening and adding todos in the todos
 * feature's dialog. Composed here, as a feature imports no other feature's files
 * (eslint.config.js).
 */
export default function CalendarRoute() {
  return <CalendarPage TodoDialog={TodoDialog} />;
}
