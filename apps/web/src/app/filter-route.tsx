import { FilterPage } from '../features/filters/filter-page';
import { TodoBoard } from '../features/todos/todo-board';

/**
 * A saved filter's page (ADR 0028): the filters feature's page around the todos feature's board.
 * Composed here, as a feature imports no other feature's files (eslint.config.js).
 */
export default function FilterRoute() {
  return <FilterPage Board={TodoBoard} />;
}
