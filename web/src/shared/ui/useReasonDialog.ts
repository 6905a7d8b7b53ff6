import { useState } from 'react';

/** What the hook needs of a mutation (a react-query `useMutation` result fits). */
export interface ReasonMutation<V> {
  mutate(variables: V, options: { onSuccess(): void }): void;
  reset(): void;
  isPending: boolean;
  error: unknown;
}

/**
 * A ReasonDialog asking why, for one item at a time (a review or quiz to reject): `ask(item)` opens it,
 * `dialog` goes to the ReasonDialog as props. Closing clears the mutation's error; success closes it.
 */
export function useReasonDialog<T, V>(mutation: ReasonMutation<V>, variables: (item: T, reason: string) => V) {
  const [item, setItem] = useState<T | null>(null);
  return {
    item,
    ask: (next: T) => setItem(() => next),
    dialog: {
      open: item !== null,
      onOpenChange(open: boolean) {
        if (open) return;
        setItem(null);
        mutation.reset();
      },
      pending: mutation.isPending,
      error: mutation.error,
      onSubmit(reason: string) {
        if (item !== null) mutation.mutate(variables(item, reason), { onSuccess: () => setItem(null) });
      },
    },
  };
}
