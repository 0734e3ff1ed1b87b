// The header's two form dialogs, a chunk of their own that the signed-in shell fetches when the
// browser is idle or when one first opens: with react-hook-form they weigh about 25 kB gzipped,
// which no page needs to show itself (ADR 0018).
export { QuickAddDialog } from '../features/quick-add/quick-add-dialog';
export { TodoDialog } from '../features/todos/todo-dialog';
