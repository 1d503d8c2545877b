import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card, Field, toast } from '@lendview/ui';
import { type ItemKind, useAssign, useOperators } from '../api/console.ts';
import { errorText } from '../lib/error-text.ts';

interface Props {
  kind: ItemKind;
  id: number;
  assignee: { id: number; username: string } | null;
}

/**
 * Assign to me / to a colleague / nobody. The call carries who the operator saw as assignee: when someone else
 * changed it meanwhile the server refuses (409) and says so, and the item shows who has it now.
 */
export function AssignPanel({ kind, id, assignee }: Props) {
  const { t } = useTranslation('ops_console');
  const operators = useOperators();
  const assign = useAssign();
  const [colleague, setColleague] = useState('');
  const [error, setError] = useState<string | null>(null);
  const me = operators.data?.me;

  const to = (operatorId: number) => {
    setError(null);
    assign.mutate(
      { kind, id, operatorId, expectedAssigneeId: assignee?.id ?? 0 },
      {
        onSuccess: (res) => {
          setColleague('');
          toast.show(res.assignee ? t('assign.done', { name: res.assignee.username }) : t('assign.undone'));
        },
        onError: (e) => setError(errorText(e, t)),
      },
    );
  };

  return (
    <Card heading={t('assign.title')} className="oc-card oc-card--assign">
      <p className="oc-assignee" data-testid="assignee">
        {assignee ? t('assignedTo', { name: assignee.username }) : t('assign.nobody')}
      </p>
      {error && (
        <p className="oc-error" role="alert">
          {error}
        </p>
      )}
      <div className="oc-actions">
        {me && assignee?.id !== me.id && (
          <Button onClick={() => to(me.id)} loading={assign.isPending}>
            {t('assign.toMe')}
          </Button>
        )}
        {assignee && (
          <Button variant="secondary" onClick={() => to(0)} disabled={assign.isPending}>
            {t('assign.unassign')}
          </Button>
        )}
      </div>
      {operators.data && (
        <form
          className="oc-inline-form"
          onSubmit={(e) => {
            e.preventDefault();
            if (colleague) to(Number(colleague));
          }}
        >
          <Field label={t('assign.colleague')}>
            <select className="oc-select" value={colleague} onChange={(e) => setColleague(e.target.value)}>
              <option value="">{t('assign.chooseColleague')}</option>
              {operators.data.items
                .filter((o) => o.id !== assignee?.id)
                .map((o) => (
                  <option key={o.id} value={String(o.id)}>
                    {o.id === me?.id ? t('assign.you', { name: o.username }) : o.username}
                  </option>
                ))}
            </select>
          </Field>
          <Button type="submit" variant="secondary" disabled={!colleague || assign.isPending}>
            {t('assign.toColleague')}
          </Button>
        </form>
      )}
    </Card>
  );
}
