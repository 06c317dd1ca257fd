import { SHOPPING_TOGETHER_MESSAGES as M } from '@keyhaven/shared/texts';
import { ErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { useSharedWishlist } from '../api/shared-wishlist';
import { InvitationPanel } from './invitation-panel';
import { InviteForm } from './invite-form';
import { People } from './people';
import { SharedHomeCard } from './shared-home-card';

/**
 * Shopping together, on My Wish List: the invitation a link brought, then the buyer's shared
 * wishlist (its people, and every member's saved homes with their reactions and notes), or the
 * form to start one.
 */
export function ShoppingTogetherSection() {
  const shared = useSharedWishlist();
  const list = shared.data?.list;
  return (
    <>
      <InvitationPanel />
      <section aria-labelledby="shopping-together" className="mt-10">
        <h2 id="shopping-together" className="text-xl font-semibold text-stone-900">
          {M.sectionTitle}
        </h2>
        {shared.isPending ? (
          <Spinner label={M.loading} className="py-8" />
        ) : shared.isError ? (
          <ErrorState
            inline
            error={shared.error}
            message={M.loadFailed}
            onRetry={() => shared.refetch()}
            retrying={shared.isFetching}
            className="mt-4"
          />
        ) : !list ? (
          <>
            <p className="mt-2 max-w-2xl text-stone-700">{M.intro}</p>
            <InviteForm />
          </>
        ) : (
          <>
            <People list={list} />
            {list.members.length > 1 && (
              <section aria-labelledby="shared-homes" className="mt-6">
                <h3 id="shared-homes" className="text-base font-semibold text-stone-900">
                  {M.homesTitle}
                </h3>
                {list.homes.length === 0 ? (
                  <p className="mt-2 text-stone-700">{M.homesEmpty}</p>
                ) : (
                  <ul className="mt-3 grid gap-4 lg:grid-cols-2">
                    {list.homes.map((home) => (
                      <li key={home.property._id}>
                        <SharedHomeCard home={home} />
                      </li>
                    ))}
                  </ul>
                )}
              </section>
            )}
          </>
        )}
      </section>
    </>
  );
}
