import { ACCOUNT_LABELS } from '@keyhaven/shared/texts';
import { ContentLayout } from '@/components/layouts/content-layout';
import { ProfileCard } from '@/components/profile-card';
import { useSignedInUser } from '@/hooks/use-session';
import { formatDate } from '@/lib/format';
import { ROLE_LABELS } from '@/lib/user';
import { useUser } from '../api/get-user';

/** The dashboard's index for every role: who the signed-in user is. */
export function MyProfilePage() {
  const sessionUser = useSignedInUser();
  // The stored record, fresher than the session's copy, which stands in until it arrives.
  const { data: user = sessionUser } = useUser(sessionUser.uid);

  const details = [
    { label: ACCOUNT_LABELS.email, value: user.email },
    { label: ACCOUNT_LABELS.phone, value: user.phone },
    { label: ACCOUNT_LABELS.country, value: user.country },
    { label: ACCOUNT_LABELS.birth, value: user.birth && formatDate(user.birth) },
    { label: 'Role', value: ROLE_LABELS[user.role] },
    { label: 'Member Since', value: formatDate(user.createdAt) },
  ];

  return (
    <ContentLayout heading="My Profile">
      <ProfileCard
        label="Profile details"
        name={user.name}
        image={user.photo}
        banner={
          <>
            <p className="text-2xl font-bold break-words">{user.name}</p>
            <p className="mt-1 text-teal-50 break-all">{user.email}</p>
            <p className="mt-2 inline-block rounded-full bg-cream px-3 py-0.5 text-sm font-semibold text-teal-900">
              <span className="sr-only">Role: </span>
              {ROLE_LABELS[user.role]}
            </p>
          </>
        }
      >
        <dl className="grid gap-x-8 gap-y-5 p-6 sm:grid-cols-2">
          {details.map(({ label, value }) => (
            <div key={label} className="min-w-0">
              <dt className="text-sm font-medium text-stone-600">{label}</dt>
              <dd className="mt-1 break-words text-stone-900">{value || 'Not provided'}</dd>
            </div>
          ))}
        </dl>
      </ProfileCard>
    </ContentLayout>
  );
}
