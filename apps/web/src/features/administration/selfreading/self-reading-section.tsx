import type { NoAccessMeter, SelfReadingOverview } from '@maaler/contract';
import { Fragment } from 'react';
import Button from 'react-bootstrap/Button';
import { errorMessage } from '@/lib/messages';
import { AdminSection } from '../components/admin-section';
import type { PeriodSectionProps } from '../components/period-section-props';
import { PeriodSelect } from '../components/period-select';
import { administrationMessages } from '../messages';
import { usePrintLetters, useSelfReadingOverview, useSendInvitations } from './api/self-reading-office';
import { selfReadingOfficeMessages as messages } from './self-reading-messages';

function Counts({ overview }: { overview: SelfReadingOverview }) {
  const { counts } = overview;
  const rows: [string, number][] = [
    [messages.meters, counts.Meters],
    [messages.invited, counts.Invited],
    [messages.answered, counts.Answered],
    [messages.reminded, counts.Reminded],
    [messages.missing, counts.Missing],
  ];
  return (
    <>
      <h3 className="h6">{messages.countsHeading}</h3>
      <dl className="row mb-3" data-testid="self-reading-counts">
        {rows.map(([label, value]) => (
          <Fragment key={label}>
            <dt className="col-6 col-sm-3">{label}</dt>
            <dd className="col-6 col-sm-9 mb-1">{value}</dd>
          </Fragment>
        ))}
      </dl>
    </>
  );
}

function NoAccessList({
  meters,
  current,
  printing,
  onPrint,
}: {
  meters: NoAccessMeter[];
  current: boolean;
  printing: number | null;
  onPrint: (deviceId: number) => void;
}) {
  if (meters.length === 0) return <p>{messages.noAccessNone}</p>;
  return (
    <>
      <p>{messages.noAccessIntro}</p>
      <div className="table-responsive">
        <table className="table table-sm align-middle">
          <thead>
            <tr>
              <th scope="col">{messages.meter}</th>
              <th scope="col">{messages.location}</th>
              <th scope="col">{messages.email}</th>
              <th scope="col">
                <span className="visually-hidden">{messages.printCard}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {meters.map((meter) => (
              <tr key={meter.DeviceId}>
                <td>
                  {meter.DeviceName}
                  {meter.Serial && (
                    <div className="small text-body-secondary">
                      {messages.serial} {meter.Serial}
                    </div>
                  )}
                </td>
                <td>{meter.GatewayName}</td>
                <td>{meter.HasEmail ? messages.hasEmail : messages.noEmail}</td>
                <td>
                  <Button
                    variant="outline-primary"
                    disabled={!current || printing !== null}
                    aria-label={messages.printCardFor(meter.DeviceName)}
                    onClick={() => onPrint(meter.DeviceId)}
                  >
                    {printing === meter.DeviceId ? messages.printing : messages.printCard}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/**
 * `Selvaflæsning` (issue 35, ADR 043): per account and period, how many meters are invited, answered,
 * reminded and still missing; `Send invitationer` to residents with e-mail, `Udskriv breve` for those
 * without, and the meters skipped `Ingen adgang` with `Udskriv kort`. Sending and printing are for the
 * running period only.
 */
export function SelfReadingSection({ accountId, periodDay, onPeriodChange }: PeriodSectionProps) {
  const overview = useSelfReadingOverview(accountId, periodDay);
  const send = useSendInvitations(accountId);
  const print = usePrintLetters(accountId);
  const data = overview.data;
  const current = data?.current === true;
  const printingCard = print.isPending && typeof print.variables === 'number' ? print.variables : null;

  return (
    <AdminSection
      headingId="admin-self-reading-heading"
      heading={messages.heading}
      busy={overview.isFetching}
    >
      <p>{messages.intro}</p>
      {overview.isError && (
        <p role="alert" className="text-danger">
          {administrationMessages.failed(errorMessage(overview.error))}
        </p>
      )}
      {data && (
        <>
          <PeriodSelect status={data} onPeriodChange={onPeriodChange} />
          <Counts overview={data} />
          {!current && <p className="alert alert-info">{messages.pastPeriod}</p>}

          <h3 className="h6">{messages.sendHeading}</h3>
          <p>{messages.toInvite(data.ToInvite)}</p>
          <Button
            variant="primary"
            size="lg"
            className="mb-2"
            disabled={!current || send.isPending}
            onClick={() => send.mutate()}
          >
            {send.isPending ? messages.sending : messages.send}
          </Button>
          <div role="status" className="mb-3">
            {send.isSuccess && (
              <p className="text-success">{messages.sent(send.data.Sent, send.data.AlreadyInvited)}</p>
            )}
          </div>
          {send.isError && (
            <p role="alert" className="text-danger">
              {messages.sendFailed(errorMessage(send.error))}
            </p>
          )}

          <h3 className="h6">{messages.lettersHeading}</h3>
          <p className="mb-1">{messages.withoutEmail(data.WithoutEmail)}</p>
          <p className="small text-body-secondary">{messages.lettersNote}</p>
          <Button
            variant="outline-primary"
            size="lg"
            className="mb-3"
            disabled={!current || data.WithoutEmail === 0 || print.isPending}
            onClick={() => print.mutate(null)}
          >
            {print.isPending && print.variables === null ? messages.printing : messages.printLetters}
          </Button>
          {print.isError && (
            <p role="alert" className="text-danger">
              {messages.printFailed(errorMessage(print.error))}
            </p>
          )}

          <h3 className="h6">{messages.noAccessHeading}</h3>
          <NoAccessList
            meters={data.noAccess}
            current={current}
            printing={printingCard}
            onPrint={(deviceId) => print.mutate(deviceId)}
          />
        </>
      )}
    </AdminSection>
  );
}
