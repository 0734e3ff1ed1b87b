import {
  agendaCountsSchema,
  agendaTodaySchema,
  agendaUpcomingSchema,
  calendarRangeQuerySchema,
  calendarRangeSchema,
} from '../schemas/agenda';
import { endpoint } from './endpoint';

const tag = 'Agenda';

/** /api/agenda: what is due, across todos, daily plans and shared plans, in the user's days. */
export const agendaApi = {
  today: endpoint({
    method: 'GET',
    path: '/api/agenda/today',
    summary: "Overdue and due-today todos, today's plan tasks and shared-plan tasks",
    tag,
    access: 'user',
    response: agendaTodaySchema,
    errors: [],
  }),
  upcoming: endpoint({
    method: 'GET',
    path: '/api/agenda/upcoming',
    summary: 'What is due on each of the next 7 days, starting tomorrow',
    tag,
    access: 'user',
    response: agendaUpcomingSchema,
    errors: [],
  }),
  counts: endpoint({
    method: 'GET',
    path: '/api/agenda/counts',
    summary: 'How many open items Today and Upcoming hold',
    tag,
    access: 'user',
    response: agendaCountsSchema,
    errors: [],
  }),
  calendar: endpoint({
    method: 'GET',
    path: '/api/agenda/calendar',
    summary:
      'What is due from one day to another (at most 42): todos, later repeats, plan tasks, days off',
    tag,
    access: 'user',
    query: calendarRangeQuerySchema,
    response: calendarRangeSchema,
    errors: [],
  }),
};
