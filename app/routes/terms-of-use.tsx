import { Link } from "react-router";
import { CONTACT_EMAIL, LegalDocument, type LegalSection, linkClass, listClass } from "~/components/legal-document";
import { PageShell } from "~/components/content-page";
import {
  FREE_TRIAL_DAYS,
  PRO_MONTHLY_PRICE,
  PRO_YEARLY_PRICE,
  formatPrice,
} from "~/modules/billing/plans";
import type { Route } from "./+types/terms-of-use";


export function meta(): Route.MetaDescriptors {
  return [
    { title: "Terms of Use | Event Flow" },
    {
      name: "description",
      content:
        "The terms that apply to Event Flow, including the Pro subscription, free guest access for team members and clients, client links and your content.",
    },
  ];
}


const sections: LegalSection[] = [
  {
    id: "acceptance",
    title: "Acceptance of Terms",
    body: (
      <>
        <p>
          These terms are an agreement between you and Event Flow. By creating an account, opening a
          client link or otherwise using Event Flow on the web or in our iPhone and Android apps, you
          agree to them and to our{" "}
          <Link to="/privacy-policy" className={linkClass}>
            Privacy Policy
          </Link>
          . If you use Event Flow for a business, you accept these terms on its behalf. If you do not
          agree, do not use Event Flow.
        </p>
        <p>
          If you use our apps from the App Store or Google Play, these terms are between you and Event
          Flow only, not Apple or Google. Apple and Google are not responsible for Event Flow or its
          content, but their own store terms also apply to your use of their stores.
        </p>
      </>
    ),
  },
  {
    id: "description-of-service",
    title: "Description of the Service",
    body: (
      <p>
        Event Flow helps wedding and event photographers plan event days. A lead photographer creates
        events and manages the timeline, shot list, people, vendors, team and client access for each
        one. Invited second and associate shooters follow and update the plan, and clients can view
        and, where allowed, edit it through a private link. Changes sync across devices, and
        notifications and reminders keep everyone informed. We may add, change or remove features
        over time; we will not remove a core feature you pay for without telling you first.
      </p>
    ),
  },
  {
    id: "accounts",
    title: "Accounts",
    body: (
      <ul className={listClass}>
        <li>You must be at least 13 years old to create an account, and old enough to form a binding contract in your country to buy a subscription.</li>
        <li>Give accurate information when you sign up and keep your email address current; invitations and important notices are sent there.</li>
        <li>
          Keep your password secret and do not share your account. You are responsible for what
          happens under your account. Tell us at once at{" "}
          <a href={`mailto:${CONTACT_EMAIL}`} className={linkClass}>
            {CONTACT_EMAIL}
          </a>{" "}
          if you think someone else has used it.
        </li>
        <li>One person per account. To bring in a second shooter, invite them to the event instead of sharing your sign-in.</li>
      </ul>
    ),
  },
  {
    id: "subscriptions",
    title: "Subscriptions and Billing",
    body: (
      <>
        <p>
          Creating events requires Event Flow Pro, an auto-renewable subscription offered at{" "}
          {formatPrice(PRO_MONTHLY_PRICE)} per month or {formatPrice(PRO_YEARLY_PRICE)} per year.
          Prices are in US dollars; taxes may be added and app store prices may differ by country.
        </p>
        <ul className={listClass}>
          <li>
            <strong>Free trial.</strong> On the web, your first Pro subscription starts with a{" "}
            {FREE_TRIAL_DAYS}-day free trial (one per account). You are not charged until the trial ends,
            and if you cancel before then you are not charged at all.
          </li>
          <li>
            <strong>Payment.</strong> In our iPhone and Android apps, payment is charged to your App
            Store or Google Play account at confirmation of purchase. On the web, payment is charged
            to your card through Stripe. We never see your full card number.
          </li>
          <li>
            <strong>Automatic renewal.</strong> Your subscription renews automatically for the same
            period and price unless you cancel it at least 24 hours before the end of the current
            period. Your account is charged for the renewal within the 24 hours before the current
            period ends.
          </li>
          <li>
            <strong>Managing and cancelling.</strong> If you subscribed in an app, manage or cancel it
            in your App Store or Google Play account settings. If you subscribed on the web, use the
            billing portal in Settings, Subscription. After you cancel, Pro stays active until the end
            of the period you have paid for.
          </li>
          <li>
            <strong>Refunds.</strong> We do not give refunds or credits for partial subscription
            periods or unused time. Refunds for purchases made through the App Store or Google Play are
            handled by Apple or Google under their policies. Where the law gives you a right to a
            refund, that right still applies.
          </li>
          <li>
            <strong>Price changes.</strong> If we change the price of Pro, we will tell you in advance
            and the new price will apply from your next renewal. If you do not agree, you can cancel
            before it takes effect.
          </li>
        </ul>
        <p>
          When your subscription ends, you can no longer create events or use Pro features until you
          subscribe again. We keep your events in case you return, unless you delete them or your
          account.
        </p>
      </>
    ),
  },
  {
    id: "free-guest-access",
    title: "Free Guest Access",
    body: (
      <p>
        Second shooters and associate shooters invited to an event, and clients given a client link,
        use Event Flow free for those events and never need to subscribe unless they want to create
        events of their own. Guest access covers only the events you were invited to, with the
        permissions the lead photographer chose. The lead photographer may change or end your access
        at any time, and it ends when the event is deleted.
      </p>
    ),
  },
  {
    id: "user-content",
    title: "Your Content",
    body: (
      <>
        <p>
          You keep ownership of everything you enter in Event Flow, such as timelines, shot lists,
          people, vendor details and notes. You give us a limited permission to store,
          copy, display and transmit that content only as needed to run Event Flow for you and for
          the people you share an event with.
        </p>
        <p>
          You are responsible for your content and confirm that you have the right to enter it,
          including any personal information about your clients, their guests and your vendors, and
          that you have given any notice or obtained any consent the law requires. Keep your own copy
          of anything essential to your work.
        </p>
      </>
    ),
  },
  {
    id: "acceptable-use",
    title: "Acceptable Use",
    body: (
      <>
        <p>You agree not to:</p>
        <ul className={listClass}>
          <li>use Event Flow for anything unlawful, or to harass, threaten or deceive anyone;</li>
          <li>send invitations or client links to people who did not ask for them, or use Event Flow to send spam;</li>
          <li>enter content that infringes someone else's rights, or personal information you have no right to use;</li>
          <li>try to reach events, accounts or data you have not been given access to;</li>
          <li>probe, scan or test the security of Event Flow, or interfere with its operation, without our written permission;</li>
          <li>upload malicious code, or copy, scrape, resell or reverse engineer the service, except where the law allows it;</li>
          <li>share your account or get around subscription limits.</li>
        </ul>
      </>
    ),
  },
  {
    id: "client-links",
    title: "Client Links",
    body: (
      <p>
        A client link gives anyone who has it access to one event, without signing in, with the
        editing permissions the lead photographer chose. The lead photographer is responsible for
        sending it only to the intended client and for the permissions it grants, and may revoke it at
        any time. Links expire automatically 30 days after the event date, and never sooner than 30
        days after they were created. Clients must keep their
        link private and use it only for their own event. Changes made through a client link are
        visible to the photographer and the team.
      </p>
    ),
  },
  {
    id: "intellectual-property",
    title: "Intellectual Property",
    body: (
      <p>
        Event Flow, including its software, design, name and logo, belongs to us and our licensors and
        is protected by law. We give you a personal, non-exclusive, non-transferable right to use
        Event Flow under these terms while your access lasts. You may not use our name or logo without
        our permission. If you send us feedback or suggestions, we may use them without any
        obligation to you.
      </p>
    ),
  },
  {
    id: "termination",
    title: "Termination",
    body: (
      <p>
        You may stop using Event Flow at any time and may ask us to delete your account. Deleting your
        account does not cancel a subscription bought through the App Store or Google Play; cancel
        that in your store account. We may suspend or close an account that breaks these terms,
        endangers other users or the service, or is required to be closed by law; where reasonable we
        will warn you first and give you a chance to export your information. When an account closes,
        the events it leads, and the guest access of team members and clients to those events, end
        too. Sections that by their nature should survive, such as those on content, disclaimers and
        limitation of liability, remain in effect.
      </p>
    ),
  },
  {
    id: "disclaimers",
    title: "Disclaimers",
    body: (
      <>
        <p>
          Event Flow is provided "as is" and "as available". To the extent the law allows, we make no
          warranties beyond those stated in these terms, including warranties of merchantability,
          fitness for a particular purpose and non-infringement.
        </p>
        <p>
          Event Flow is a planning aid. We do not guarantee that it will be available without
          interruption, that notifications and reminders will arrive on time, or that it will work
          without a network connection. You remain responsible for your event, your coverage and your
          agreements with clients and other photographers; always keep a backup of the schedule and
          contacts you need on the day.
        </p>
      </>
    ),
  },
  {
    id: "limitation-of-liability",
    title: "Limitation of Liability",
    body: (
      <p>
        To the extent the law allows, Event Flow is not liable for any indirect, incidental, special,
        consequential or punitive damages, or for lost profits, revenue, business or data, arising
        from your use of or inability to use the service. Our total liability for any claim relating
        to Event Flow is limited to the amount you paid us for Event Flow in the twelve months before
        the claim arose. Some places do not allow these limits, so they may not all apply to you;
        nothing in these terms limits liability that cannot be limited by law.
      </p>
    ),
  },
  {
    id: "changes-and-contact",
    title: "Changes to These Terms and Contact",
    body: (
      <>
        <p>
          We may update these terms. We will post the new version here and change the "Last updated"
          date, and for material changes we will tell you by email or in the app before they take
          effect. If you keep using Event Flow after that, you accept the updated terms; if you do not
          agree, stop using Event Flow and cancel your subscription.
        </p>
        <p>
          Questions about these terms? Email us at{" "}
          <a href={`mailto:${CONTACT_EMAIL}`} className={linkClass}>
            {CONTACT_EMAIL}
          </a>
          .
        </p>
      </>
    ),
  },
];

export default function TermsOfUsePage() {
  return (
    <PageShell
      title="Terms of Use"
      intro={
        <>
          <p className="text-sm text-slate-500">Last updated: November 22, 2026</p>
          <p className="mt-2">
            Please read these terms before using Event Flow. They explain your rights and
            responsibilities, how the Pro subscription works and how free guest access works for team
            members and clients.
          </p>
        </>
      }
    >
      <LegalDocument idPrefix="terms" sections={sections} />
    </PageShell>
  );
}
