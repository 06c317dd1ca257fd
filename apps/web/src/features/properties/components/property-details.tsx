import { PROPERTY_MESSAGES } from '@keyhaven/shared/texts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AgentLink } from '@/components/listing/agent-link';
import { AvailabilityBadge } from '@/components/listing/listing-badges';
import { Badge } from '@/components/ui/badge';
import type { Property } from '@/lib/listing';
import { areaText, priceRangeText, roomCount } from '@/lib/listing-format';
import { paths } from '@/lib/paths';
import { PhotoGallery } from '../gallery';
import { ApprovalBadge } from './approval-badge';
import { PropertyLocation } from './property-location';

type PropertyDetailsProps = {
  property: Property;
  /**
   * What the visitor can do with the listing, under its price: the agent's Edit link now; the
   * buying journey adds the wishlist and offer buttons here.
   */
  actions?: ReactNode;
  /** Right under the photos, the first thing a buyer can do: request a tour. */
  underPhotos?: ReactNode;
  /** Under the listing, full width: the buying journey adds the reviews section here. */
  children?: ReactNode;
};

const APPROVAL_NOTES: Partial<Record<Property['adminApproval'], string>> = {
  pending: 'This listing is waiting for an admin to approve it. Buyers cannot see it yet.',
  false: 'An admin rejected this listing. Buyers cannot see it.',
};

/** A listing's page: photos, facts, description, features, price, agent and where it is. */
export function PropertyDetails({
  property,
  actions,
  underPhotos,
  children,
}: PropertyDetailsProps) {
  const title = property.title.trim() || PROPERTY_MESSAGES.untitled;
  const location = property.location.trim() || PROPERTY_MESSAGES.noLocation;
  const approvalNote = APPROVAL_NOTES[property.adminApproval];

  const facts = [
    { term: 'Type', value: property.propertyType || PROPERTY_MESSAGES.unknownType },
    { term: 'Bedrooms', value: roomCount(property.bedrooms) },
    { term: 'Bathrooms', value: roomCount(property.bathrooms) },
    { term: 'Area', value: areaText(property.areaSize) },
    { term: 'Availability', value: property.availability },
  ];

  return (
    <article className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
      <Link
        to={paths.allProperties}
        className="text-sm font-semibold text-teal-800 underline-offset-2 hover:underline"
      >
        <span aria-hidden="true">← </span>All Properties
      </Link>

      <header className="mt-4">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone="teal">{property.propertyType || PROPERTY_MESSAGES.unknownType}</Badge>
          <AvailabilityBadge
            availability={property.availability}
            labelled={property.adminApproval !== 'true'}
          />
          {property.adminApproval !== 'true' && (
            <ApprovalBadge adminApproval={property.adminApproval} />
          )}
        </div>
        <h1 className="mt-3 text-3xl font-bold tracking-tight text-teal-900 sm:text-4xl">
          {title}
        </h1>
        <p className="mt-2 text-lg text-stone-700">{location}</p>
      </header>

      {approvalNote && (
        <p className="mt-6 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
          {approvalNote}
        </p>
      )}

      <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="min-w-0">
          <PhotoGallery photos={property.photos} title={title} />
          {underPhotos}

          <section aria-labelledby="property-description" className="mt-8">
            <h2 id="property-description" className="text-2xl font-bold text-teal-900">
              About this property
            </h2>
            <p className="mt-3 whitespace-pre-line text-stone-800">{property.description}</p>
          </section>

          <section aria-labelledby="property-features" className="mt-8">
            <h2 id="property-features" className="text-2xl font-bold text-teal-900">
              Features
            </h2>
            {property.features.length > 0 ? (
              <ul className="mt-3 flex flex-wrap gap-2">
                {property.features.map((feature) => (
                  <li
                    key={feature}
                    className="rounded-full bg-teal-50 px-3 py-1 text-sm font-medium text-teal-900 ring-1 ring-teal-200"
                  >
                    {feature}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-3 text-stone-700">No features listed.</p>
            )}
          </section>
        </div>

        <aside aria-label="Price, agent and location" className="space-y-6">
          <div className="rounded-2xl border border-sand bg-white p-6 shadow-sm">
            <p className="text-sm font-semibold text-stone-700">Price range</p>
            <p className="mt-1 text-2xl font-bold text-teal-900">
              {priceRangeText(property.minPrice, property.maxPrice)}
            </p>
            <dl className="mt-5 grid grid-cols-2 gap-x-4 gap-y-3 text-sm">
              {facts.map(({ term, value }) => (
                <div key={term}>
                  <dt className="text-stone-600">{term}</dt>
                  <dd className="font-semibold text-stone-900">{value}</dd>
                </div>
              ))}
            </dl>
            {actions && <div className="mt-6 flex flex-col gap-3">{actions}</div>}
          </div>

          <section
            aria-labelledby="property-agent"
            className="rounded-2xl border border-sand bg-white p-6 shadow-sm"
          >
            <h2 id="property-agent" className="text-lg font-bold text-teal-900">
              Listing agent
            </h2>
            <p className="mt-2 font-semibold text-stone-900">
              <AgentLink agentId={property.creatorUID} name={property.agentName} />
            </p>
            <a
              href={`mailto:${property.agentEmail}`}
              className="break-all text-teal-800 underline underline-offset-2 hover:text-teal-950"
            >
              {property.agentEmail}
            </a>
          </section>

          <PropertyLocation location={location} lat={property.lat} lng={property.lng} />
        </aside>
      </div>

      {children}
    </article>
  );
}
