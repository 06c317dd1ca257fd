import { Column, Img, Link, Row, Section, Text } from '@react-email/components';
import { type MailContext, mailStyles } from './layout.js';

/** A new home in an alert: what it is, where, what it costs, and its page. */
export interface AlertListing {
  title: string;
  location: string;
  price: string;
  url: string;
  imageUrl: string | null;
}

/**
 * The homes, each with its photo when the photo is on this site: a mail never makes the reader's
 * client fetch from anywhere else.
 */
export function ListingList(props: { listings: AlertListing[]; context: MailContext }) {
  return (
    <Section>
      {props.listings.map((listing) => {
        const photo = listing.imageUrl?.startsWith(`${props.context.publicUrl}/`)
          ? listing.imageUrl
          : null;
        return (
          <Row key={listing.url} style={{ marginBottom: '16px' }}>
            {photo ? (
              <Column style={{ width: '128px', verticalAlign: 'top', paddingRight: '16px' }}>
                <Img src={photo} alt="" width="128" height="96" style={{ borderRadius: '6px' }} />
              </Column>
            ) : null}
            <Column style={{ verticalAlign: 'top' }}>
              <Link href={listing.url} style={{ ...mailStyles.link, fontWeight: 600 }}>
                {listing.title}
              </Link>
              <Text style={{ ...mailStyles.footer, margin: '4px 0 0' }}>
                {listing.location} · {listing.price}
              </Text>
            </Column>
          </Row>
        );
      })}
    </Section>
  );
}
