import { TodoBoard } from './todo-board';
import { TodoCounters } from './todo-counters';

/** My Todos: every todo, whatever its list, with the counters above (docs/product/todos.md). */
export default function TodosPage() {
  return (
    <TodoBoard
      scope={null}
      title="My Todos"
      intro="Plan your work, set reminders, and tick things off."
      above={<TodoCounters />}
    />
  );
}
