import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Link,
  Preview,
  Section,
  Text,
} from '@react-email/components';
import type { CSSProperties, ReactElement, ReactNode } from 'react';

/** What every message knows besides its own props: whose it is and where the site lives. */
export interface MailContext {
  brandName: string;
  publicUrl: string;
  /** The page that stops this kind of e-mail in one click (alerts, the newsletter). */
  unsubscribeUrl?: string;
}

/** One kind of message: its subject line and its body, from the same props. */
export interface MailTemplate<Props> {
  subject(props: Props, context: MailContext): string;
  body(props: Props, context: MailContext): ReactElement;
}

/*
 * Inline styles and system fonts only: a mail loads nothing from anywhere, so it reads the same
 * offline and tells no one it was opened.
 */
const FONT = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
const TEAL = '#0f766e';
const INK = '#1c1917';
const MUTED = '#57534e';

const styles = {
  body: { backgroundColor: '#fff8ec', fontFamily: FONT, margin: 0, padding: '24px 0' },
  container: {
    backgroundColor: '#ffffff',
    border: '1px solid #f3e6cf',
    borderRadius: '8px',
    margin: '0 auto',
    maxWidth: '560px',
    padding: '24px 32px',
  },
  brand: { color: TEAL, fontSize: '20px', fontWeight: 700, margin: '0 0 16px' },
  heading: { color: INK, fontSize: '22px', lineHeight: '28px', margin: '0 0 16px' },
  text: { color: INK, fontSize: '16px', lineHeight: '24px', margin: '0 0 16px' },
  button: {
    backgroundColor: TEAL,
    borderRadius: '6px',
    color: '#ffffff',
    display: 'inline-block',
    fontSize: '16px',
    fontWeight: 600,
    padding: '12px 20px',
    textDecoration: 'none',
  },
  link: { color: TEAL, textDecoration: 'underline' },
  footer: { color: MUTED, fontSize: '13px', lineHeight: '20px', margin: '0' },
  hr: { borderColor: '#f3e6cf', margin: '24px 0 16px' },
} satisfies Record<string, CSSProperties>;

export const mailStyles = styles;

/** The page every message sits on: the brand above, the settings link below. */
export function MailLayout(props: {
  context: MailContext;
  preview: string;
  heading: string;
  children: ReactNode;
  /** Why this message came, above the settings link (the newsletter, alerts). */
  reason?: string;
}) {
  const settingsUrl = `${props.context.publicUrl}/dashboard/notification-settings`;
  return (
    <Html lang="en">
      <Head />
      <Preview>{props.preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Text style={styles.brand}>{props.context.brandName}</Text>
          <Heading as="h1" style={styles.heading}>
            {props.heading}
          </Heading>
          {props.children}
          <Hr style={styles.hr} />
          {props.reason ? <Text style={styles.footer}>{props.reason}</Text> : null}
          {props.context.unsubscribeUrl ? (
            <Text style={styles.footer}>
              <Link href={props.context.unsubscribeUrl} style={styles.link}>
                Unsubscribe
              </Link>{' '}
              from these e-mails with one click.
            </Text>
          ) : null}
          <Text style={styles.footer}>
            Choose which e-mails you get in your{' '}
            <Link href={settingsUrl} style={styles.link}>
              notification settings
            </Link>
            .
          </Text>
          <Text style={styles.footer}>
            {props.context.brandName} ·{' '}
            <Link href={props.context.publicUrl} style={styles.link}>
              {props.context.publicUrl}
            </Link>
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

export function Paragraph(props: { children: ReactNode }) {
  return <Text style={styles.text}>{props.children}</Text>;
}

/** The one thing the message asks for, as a button, with the address spelled out below it. */
export function Action(props: { href: string; label: string }) {
  return (
    <Section style={{ margin: '8px 0 24px' }}>
      <Button href={props.href} style={styles.button}>
        {props.label}
      </Button>
      <Text style={{ ...styles.footer, marginTop: '12px' }}>
        Or open this address:{' '}
        <Link href={props.href} style={styles.link}>
          {props.href}
        </Link>
      </Text>
    </Section>
  );
}
