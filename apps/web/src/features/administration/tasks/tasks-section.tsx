import type { Task, TaskStatus } from '@maaler/contract';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { errorMessage } from '@/lib/messages';
import { AdminSection } from '../components/admin-section';
import { administrationMessages } from '../messages';
import { type TaskWrite, useTaskList, useTaskWrite } from './api/tasks';
import { CloseTaskDialog } from './close-task-dialog';
import { TaskCard } from './task-card';
import { taskMessages as messages } from './task-messages';

/**
 * `Opgaver` (issue 37, ADR 047): the account's tasks from defect skips and notes marked `Kræver
 * opfølgning`, open ones to assign, comment and close, and the closed ones.
 */
export function TasksSection({ accountId }: { accountId: string }) {
  const [status, setStatus] = useState<TaskStatus>('open');
  const list = useTaskList(accountId, status);
  const write = useTaskWrite(accountId);
  const [done, setDone] = useState('');
  const [closing, setClosing] = useState<Task | null>(null);
  const send = (change: TaskWrite, text: string, then?: () => void) =>
    write.mutate(change, {
      onSuccess: () => {
        setDone(text);
        then?.();
      },
    });
  const stopClosing = () => {
    setClosing(null);
    write.reset();
  };
  const tasks = list.data?.Tasks;

  return (
    <AdminSection headingId="admin-tasks-heading" heading={messages.heading} busy={list.isFetching}>
      <p>{messages.intro}</p>
      <fieldset className="mb-3">
        <legend className="form-label fs-6">{messages.show}</legend>
        {(['open', 'closed'] as const).map((option) => (
          <Form.Check
            key={option}
            inline
            type="radio"
            id={`tasks-status-${option}`}
            name="tasks-status"
            label={option === 'open' ? messages.open : messages.closed}
            checked={status === option}
            onChange={() => setStatus(option)}
          />
        ))}
      </fieldset>
      <p role="status" className={done ? 'text-success fw-semibold' : 'visually-hidden'}>
        {done}
      </p>
      {write.isError && !closing && (
        <p role="alert" className="text-danger">
          {messages.failed(errorMessage(write.error))}
        </p>
      )}
      {list.isPending && <p role="status">{administrationMessages.loading}</p>}
      {list.isError && (
        <Alert variant="danger">{administrationMessages.failed(errorMessage(list.error))}</Alert>
      )}
      {tasks?.length === 0 && <p>{status === 'open' ? messages.noOpen : messages.noClosed}</p>}
      {tasks && tasks.length > 0 && (
        <ul className="list-group" aria-labelledby="admin-tasks-heading">
          {tasks.map((task) => (
            <TaskCard
              key={task.Id}
              accountId={accountId}
              task={task}
              assignees={list.data?.Assignees ?? []}
              busy={write.isPending}
              onWrite={(change, text) => send(change, text)}
              onCloseTask={setClosing}
            />
          ))}
        </ul>
      )}
      {closing && (
        <CloseTaskDialog
          meterName={closing.MeterName}
          closing={write.isPending}
          error={write.isError ? messages.failed(errorMessage(write.error)) : null}
          onClose={(note) =>
            send(
              { call: 'close', taskId: closing.Id, body: { Note: note } },
              messages.closedDone(closing.MeterName),
              () => setClosing(null),
            )
          }
          onCancel={stopClosing}
        />
      )}
    </AdminSection>
  );
}
