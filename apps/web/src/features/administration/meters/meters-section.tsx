import { useId } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { errorMessage } from '@/lib/messages';
import { AdminSection } from '../components/admin-section';
import { Pager } from '../components/pager';
import { administrationMessages } from '../messages';
import { LocationItem } from './location-item';
import { MeterEditForm } from './meter-edit-form';
import { addLocationForm } from './meter-forms';
import { locationsSummary, routeEnds } from './meter-list-rules';
import { meterAdministrationMessages as messages } from './meter-messages';
import { MeterSearchForm } from './meter-search-form';
import { useMeterEditing } from './use-meter-editing';
import { useMeterSearch } from './use-meter-search';
import { useShownMeters } from './use-shown-meters';

/**
 * 'Målere': the account's locations → meters → measurement points in route order, a page of
 * locations at a time (the server pages and searches, so 5,000 meters stay fast), with forms to add
 * and change them, move them up and down and take a meter out of service (asked first). A meter is
 * replaced with 'Målerskift' on the reading screen, which this section points to rather than repeats.
 */
export function MetersSection({ accountId }: { accountId: string }) {
  const prefix = useId();
  const id = (what: string) => `${prefix}-${what}`;
  const search = useMeterSearch(accountId);
  const { list } = search;
  const editing = useMeterEditing(accountId, id, list.isFetching);
  const shownMeters = useShownMeters();

  const { open } = editing;
  const formAt = (at: string) =>
    open?.at === at && (
      <MeterEditForm
        key={at}
        idPrefix={id(`form-${at}`)}
        form={open}
        pending={editing.pending}
        error={editing.error}
        onSubmit={(values) => editing.submit(open, values)}
        onCancel={() => editing.close(open.returnTo)}
      />
    );

  const data = list.data;
  const locations = data?.Locations ?? [];
  const place = { searching: search.searching, page: search.page, lastPage: data?.PageCount ?? 1 };

  return (
    <AdminSection headingId={id('heading')} heading={messages.heading}>
      <p>{messages.intro}</p>
      <p role="status" className={editing.announcement ? 'alert alert-success' : 'visually-hidden'}>
        {editing.announcement}
      </p>
      <MeterSearchForm
        id={id('search')}
        draft={search.draft}
        onDraft={search.setDraft}
        onSubmit={search.submit}
      />
      <Button
        id={id('add-location')}
        variant="primary"
        className="mb-3"
        onClick={() => editing.openForm('new', 'add-location', addLocationForm())}
      >
        {messages.addLocation}
      </Button>
      {formAt('new')}

      {list.isPending && <p role="status">{administrationMessages.loading}</p>}
      {list.isError && <Alert variant="danger">{messages.failed(errorMessage(list.error))}</Alert>}
      {data && (
        <p className="small text-body-secondary">
          {locationsSummary(locations.length, search.searching, data.LocationCount)}
        </p>
      )}

      <ul className="list-unstyled d-flex flex-column gap-3">
        {locations.map((location, index) => (
          <li key={location.GatewayId} className="border rounded p-2">
            <LocationItem
              location={location}
              accountId={accountId}
              id={id}
              route={routeEnds(place, index, locations.length)}
              editing={editing}
              shownMeters={shownMeters}
              formAt={formAt}
            />
          </li>
        ))}
      </ul>

      {data && (
        <Pager label={messages.pages} page={data.Page} pages={data.PageCount} onPage={search.setPage} />
      )}
    </AdminSection>
  );
}
