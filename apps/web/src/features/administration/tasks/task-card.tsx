import type { Task, TaskList } from '@maaler/contract';
import { type FormEvent, useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { formatTimestamp } from '@/lib/format-timestamp';
import type { TaskWrite } from './api/tasks';
import { taskMessages as messages } from './task-messages';
import { TaskPhoto } from './task-photo';

type TaskCardProps = {
  accountId: string;
  task: Task;
  assignees: TaskList['Assignees'];
  busy: boolean;
  onWrite: (write: TaskWrite, done: string) => void;
  onCloseTask: (task: Task) => void;
};

/**
 * One task: the meter, where it is, why, who opened it and when; for an open task, whom it is given to,
 * a comment field and `Luk opgave`; for a closed one, who closed it, when and why.
 */
export function TaskCard({ accountId, task, assignees, busy, onWrite, onCloseTask }: TaskCardProps) {
  const id = useId();
  const [assignee, setAssignee] = useState(task.AssignedTo?.Id ?? '');
  const [comment, setComment] = useState('');
  const open = task.Status === 'open';
  const assign = (event: FormEvent) => {
    event.preventDefault();
    const who = assignees.find((user) => user.Id === assignee);
    onWrite(
      { call: 'assign', taskId: task.Id, body: { UserId: who ? who.Id : null } },
      who ? messages.assigned(task.MeterName, who.Name) : messages.unassigned(task.MeterName),
    );
  };
  const addComment = (event: FormEvent) => {
    event.preventDefault();
    if (comment.trim() === '') return;
    onWrite(
      { call: 'comment', taskId: task.Id, body: { Text: comment.trim() } },
      messages.commented(task.MeterName),
    );
    setComment('');
  };
  return (
    <li className="list-group-item py-3">
      <h3 id={`${id}-meter`} className="h6 mb-1">
        {task.MeterName}
      </h3>
      <dl className="task-facts small mb-2">
        {task.Serial && <Fact term={messages.serial} value={task.Serial} />}
        <Fact term={messages.location} value={task.LocationName} />
        {task.Placement && <Fact term={messages.placement} value={task.Placement} />}
        <Fact term={messages.reason} value={task.Reason} />
        {task.Note && <Fact term={messages.note} value={task.Note} />}
        <Fact
          term={messages.created}
          value={messages.createdByAt(task.CreatedBy, formatTimestamp(task.CreatedAt))}
        />
        <Fact term={messages.assignedTo} value={task.AssignedTo?.Name ?? messages.nobody} />
      </dl>
      {task.PhotoId && <TaskPhoto accountId={accountId} task={task} photoId={task.PhotoId} />}
      {task.Comments.length > 0 && (
        <>
          <h4 className="h6 small fw-semibold mb-1">{messages.comments}</h4>
          <ul className="list-unstyled small mb-2">
            {task.Comments.map((entry) => (
              <li key={`${entry.At}-${entry.Text}`}>
                <span className="text-body-secondary">
                  {entry.By}, {formatTimestamp(entry.At)}:
                </span>{' '}
                {entry.Text}
              </li>
            ))}
          </ul>
        </>
      )}
      {!open && task.ClosedAt && (
        <p className="small mb-0">
          {messages.closedByAt(task.ClosedBy ?? '', formatTimestamp(task.ClosedAt))}
          {task.CloseNote ? `: ${task.CloseNote}` : ''}
        </p>
      )}
      {open && (
        <div className="d-flex flex-column gap-2">
          <Form onSubmit={assign} className="d-flex gap-2 align-items-end">
            <Form.Group controlId={`${id}-assignee`} className="flex-grow-1">
              <Form.Label className="small mb-1">{messages.assignLabel(task.MeterName)}</Form.Label>
              <Form.Select value={assignee} onChange={(event) => setAssignee(event.target.value)}>
                <option value="">{messages.nobody}</option>
                {assignees.map((user) => (
                  <option key={user.Id} value={user.Id}>
                    {user.Name}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
            <Button type="submit" variant="outline-primary" disabled={busy}>
              {messages.assign}
            </Button>
          </Form>
          <Form onSubmit={addComment}>
            <Form.Group controlId={`${id}-comment`}>
              <Form.Label className="small mb-1">{messages.commentLabel(task.MeterName)}</Form.Label>
              <Form.Control
                as="textarea"
                rows={2}
                value={comment}
                onChange={(event) => setComment(event.target.value)}
              />
            </Form.Group>
            <div className="d-flex flex-wrap gap-2 mt-2">
              <Button type="submit" variant="outline-secondary" disabled={busy || comment.trim() === ''}>
                {messages.addComment}
              </Button>
              <Button
                variant="primary"
                disabled={busy}
                aria-label={messages.closeLabel(task.MeterName)}
                onClick={() => onCloseTask(task)}
              >
                {messages.close}
              </Button>
            </div>
          </Form>
        </div>
      )}
    </li>
  );
}

function Fact({ term, value }: { term: string; value: string }) {
  return (
    <div>
      <dt className="d-inline fw-semibold">{term}:</dt> <dd className="d-inline">{value}</dd>
    </div>
  );
}
