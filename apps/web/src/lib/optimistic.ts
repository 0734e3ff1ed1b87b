import {
  type MutationMeta,
  type QueryClient,
  type QueryKey,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';

export interface OptimisticOptions<TVariables, TData> {
  mutationFn: (variables: TVariables) => Promise<TData>;
  /** The queries the change edits: held still, saved, and put back on failure. */
  touches: (variables: TVariables) => readonly QueryKey[];
  /** Edits the cached queries as if the server had already agreed. */
  apply: (queryClient: QueryClient, variables: TVariables) => void;
  onSuccess?: (queryClient: QueryClient, data: TData, variables: TVariables) => void;
  /**
   * Tells the user the change failed, once the cache is back as it was: a message that depends
   * on the variables, or a banner; a fixed toast is `meta.failed` (lib/mutation-toasts.ts).
   */
  onFailure?: (error: Error, variables: TVariables) => void;
  meta?: MutationMeta;
  /**
   * Read again once the change settles; `error` is null when it succeeded (a change whose answer
   * already sits in the cache need not re-read anything then).
   */
  refresh: (variables: TVariables, error: Error | null) => readonly QueryKey[];
}

/**
 * The one optimistic change (docs/ARCHITECTURE.md, "The web data layer"): the screen changes at
 * once; if the server refuses, every query the change touched is put back as it was and the user
 * is told; either way the touched queries are read again once it settles.
 */
export function useOptimisticMutation<TVariables, TData>(
  options: OptimisticOptions<TVariables, TData>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: options.mutationFn,
    meta: options.meta,
    onMutate: async (variables: TVariables) => {
      const keys = options.touches(variables);
      await Promise.all(keys.map((queryKey) => queryClient.cancelQueries({ queryKey })));
      const saved = keys.flatMap((queryKey) => queryClient.getQueriesData({ queryKey }));
      options.apply(queryClient, variables);
      return saved;
    },
    onError: (error, variables, saved) => {
      saved?.forEach(([queryKey, data]) => queryClient.setQueryData(queryKey, data));
      options.onFailure?.(error, variables);
    },
    onSuccess: (data, variables) => options.onSuccess?.(queryClient, data, variables),
    onSettled: (_data, error, variables) =>
      Promise.all(
        options
          .refresh(variables, error)
          .map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}
