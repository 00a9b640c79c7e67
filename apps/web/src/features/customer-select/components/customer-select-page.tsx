import type { GuaranteedCustomer } from '@maaler/contract';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import ListGroup from 'react-bootstrap/ListGroup';
import Spinner from 'react-bootstrap/Spinner';
import { CenteredPage } from '@/components/centered-page';
import { PageHeading } from '@/components/page-heading';
import { sessionKeys } from '@/lib/browser-storage/schema-checked-keys';
import { errorMessage } from '@/lib/messages';
import { useCustomers } from '../api/get-customers';
import { useChooseCustomer } from '../hooks/use-choose-customer';
import { customerSelectMessages as messages } from '../messages';

function LoadingText({ text }: { text: string }) {
  return (
    <p className="d-flex align-items-center gap-2" role="status">
      <Spinner animation="border" size="sm" aria-hidden="true" />
      {text}
    </p>
  );
}

function CustomerItem({
  customer,
  chosen,
  busy,
  onChoose,
}: {
  customer: GuaranteedCustomer;
  chosen: boolean;
  busy: boolean;
  onChoose: () => void;
}) {
  return (
    <ListGroup.Item as="li" className="d-flex align-items-center justify-content-between gap-3 py-3">
      <div>
        <h2 className="h6 mb-1">{customer.name}</h2>
        <p className="mb-0 text-body-secondary">
          {customer.address}
          <br />
          {customer.postal} {customer.town}
        </p>
      </div>
      <Button
        variant="primary"
        className="flex-shrink-0"
        onClick={onChoose}
        disabled={busy}
        aria-label={chosen ? undefined : messages.chooseCustomer(customer.name)}
      >
        {chosen ? messages.wait : messages.choose}
      </Button>
    </ListGroup.Item>
  );
}

export function CustomerSelectPage() {
  const customerList = sessionKeys.customerlist.get() ?? '';
  const customers = useCustomers(customerList);
  const choose = useChooseCustomer();
  const chosenId = choose.isPending || choose.isSuccess ? choose.variables : undefined;

  return (
    <CenteredPage title={messages.heading}>
      <PageHeading>{messages.heading}</PageHeading>
      {customers.isPending && <LoadingText text={messages.loadingCustomers} />}
      {customers.isError && <Alert variant="danger">{errorMessage(customers.error)}</Alert>}
      {customers.isSuccess && customers.data.length === 0 && <p>{messages.noCustomers}</p>}
      {chosenId !== undefined && <LoadingText text={messages.loadingCustomer} />}
      {customers.isSuccess && customers.data.length > 0 && (
        <ListGroup as="ul" className="shadow-sm">
          {customers.data.map((customer) => (
            <CustomerItem
              key={customer.guid}
              customer={customer}
              chosen={customer.guid === chosenId}
              busy={chosenId !== undefined}
              onChoose={() => choose.mutate(customer.guid)}
            />
          ))}
        </ListGroup>
      )}
    </CenteredPage>
  );
}
