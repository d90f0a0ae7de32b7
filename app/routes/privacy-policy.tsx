import { CONTACT_EMAIL, LegalDocument, type LegalSection, linkClass, listClass } from "~/components/legal-document";
import { PageShell } from "~/components/content-page";
import type { Route } from "./+types/privacy-policy";


export function meta(): Route.MetaDescriptors {
  return [
    { title: "Privacy Policy | Event Flow" },
    {
      name: "description",
      content:
        "How Event Flow collects, uses, shares and protects the information in your account and your events, and the choices you have.",
    },
  ];
}


const sections: LegalSection[] = [
  {
    id: "information-we-collect",
    title: "Information We Collect",
    body: (
      <>
        <p>We collect only what we need to run Event Flow for you, your team and your clients.</p>
        <ul className={listClass}>
          <li>
            <strong>Account information:</strong> your first and last name, business name (if you
            give one), email address and password. We store your password only as a one-way hash,
            never in readable form.
          </li>
          <li>
            <strong>Event information:</strong> what you and the people you work with enter for an
            event, including the title, couple names, date and venue; timeline blocks with times,
            locations and notes; shot lists; people such as family members and the wedding party,
            with their roles, name pronunciations and notes; and vendors with their contact details.
          </li>
          <li>
            <strong>Team invitations and saved contacts:</strong> the email addresses of the second
            and associate shooters you invite or save, their position, coverage hours and call times,
            and whether they accepted or declined.
          </li>
          <li>
            <strong>Client links:</strong> your client's email address, the permissions you give the
            link, its expiry date, and the changes your client makes through it.
          </li>
          <li>
            <strong>Notifications and push subscriptions:</strong> your notification preferences and,
            if you turn on push notifications, the push subscription your browser or device creates
            (a delivery address and encryption keys issued by your browser or operating system).
          </li>
          <li>
            <strong>Subscription information:</strong> your plan, billing interval, trial and renewal
            dates, and the identifiers that link your account to your payment. Payments are handled
            by Stripe on the web and by the App Store or Google Play in our mobile apps. We never see
            or store your full card number.
          </li>
          <li>
            <strong>Technical information:</strong> a session cookie that keeps you signed in, and
            the basic request information any web service receives, such as IP address, browser type
            and the time of a request, which we use to keep the service secure and working.
          </li>
          <li>
            <strong>Information that stays on your device:</strong> if you turn on Face ID or Touch
            ID, your device checks your face or fingerprint itself; we never receive biometric data.
            The app also keeps a short activity log on your device.
          </li>
        </ul>
        <p>We do not use advertising cookies and we do not buy information about you from others.</p>
      </>
    ),
  },
  {
    id: "how-we-use-information",
    title: "How We Use Information",
    body: (
      <>
        <p>We use information to:</p>
        <ul className={listClass}>
          <li>create and secure your account and keep you signed in;</li>
          <li>
            store your events and show them, in real time and across your devices, to you and to the
            team members and clients you choose;
          </li>
          <li>
            send the emails the service depends on, such as account confirmation, password resets,
            team invitations and client access links;
          </li>
          <li>
            send in-app and push notifications about changes to your events and reminders of upcoming
            events, according to your notification settings;
          </li>
          <li>confirm your Pro subscription and apply trials, renewals and cancellations;</li>
          <li>answer your support requests and feedback;</li>
          <li>detect and prevent abuse, fraud and security problems, and fix errors;</li>
          <li>meet our legal, tax and accounting obligations.</li>
        </ul>
        <p>
          Information you enter about other people, such as the couple, their families and your
          vendors, is used only to provide Event Flow to you and the people you share the event with.
          We do not sell personal information, use it for advertising, or use your event content to
          build profiles of anyone.
        </p>
      </>
    ),
  },
  {
    id: "how-we-share-information",
    title: "How We Share Information",
    body: (
      <>
        <p>We share information only in these cases:</p>
        <ul className={listClass}>
          <li>
            <strong>With the people you invite.</strong> Team members who accept your invitation see
            the event, its timeline, shot list, people, vendors and team list. A client link shows the
            event, timeline, shot list, people and vendors, but not your team or their email addresses.
            The lead photographer of an event sees the changes made by team members and clients.
          </li>
          <li>
            <strong>With service providers who run parts of Event Flow for us:</strong> Cloudflare,
            which hosts the application and stores our database; Stripe, which processes web
            payments; Apple and Google, which process in-app purchases; our email delivery provider;
            and the push services of browsers and operating systems, which deliver push notifications.
            They may use the information only to provide their service to us.
          </li>
          <li>
            <strong>For legal reasons:</strong> when the law, a court order or a valid request from a
            public authority requires it, or to protect the rights, safety and property of our users,
            the public or Event Flow.
          </li>
          <li>
            <strong>In a business transfer:</strong> if Event Flow is sold or merged, information may
            pass to the new owner, who must keep to this policy or tell you about any change first.
          </li>
        </ul>
        <p>We do not sell or rent personal information to anyone.</p>
      </>
    ),
  },
  {
    id: "data-security",
    title: "Data Security",
    body: (
      <>
        <p>We protect your information with measures that fit the data we hold:</p>
        <ul className={listClass}>
          <li>all traffic to and from Event Flow is encrypted with HTTPS;</li>
          <li>passwords are stored only as strong one-way hashes;</li>
          <li>
            invitation and client links contain long random codes, are kept out of our logs, and
            client link codes are stored only in hashed form;
          </li>
          <li>
            our servers check on every request what each person may see or change, so a team member or
            client cannot reach more than the event they were given access to;
          </li>
          <li>access to production data within Event Flow is limited to the people who need it.</li>
        </ul>
        <p>
          No system is perfectly secure. Keep your password private and share client links only with
          the client they are meant for. If you think someone has accessed your account or an event
          without permission, email us at{" "}
          <a href={`mailto:${CONTACT_EMAIL}`} className={linkClass}>
            {CONTACT_EMAIL}
          </a>{" "}
          straight away.
        </p>
      </>
    ),
  },
  {
    id: "data-retention",
    title: "Data Retention",
    body: (
      <>
        <ul className={listClass}>
          <li>
            We keep your account information for as long as your account is open, and your events
            until you delete them or your account.
          </li>
          <li>
            Client links expire 30 days after the event date (and never sooner than 30 days after
            they were created); a revoked link is deleted at once.
            Removing a team member ends their access to the event.
          </li>
          <li>
            Push subscriptions are deleted when you turn off push notifications or when the push
            service reports that they are no longer valid.
          </li>
          <li>
            When you delete your account, we delete it and your events at once, as described in{" "}
            <a href="#deleting-your-account" className={linkClass}>
              Deleting Your Account
            </a>
            . Copies in our database provider's point-in-time backups expire within 30 days.
          </li>
          <li>
            We keep billing records for as long as tax and accounting law requires, even after your
            account is deleted.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: "downloading-your-data",
    title: "Downloading Your Data",
    body: (
      <>
        <p>
          In Settings, under Account, the button <strong>Download my data</strong> gives you a file
          (JSON, a format most tools can read, named with the day of the download) of everything we
          hold about you:
        </p>
        <ul className={listClass}>
          <li>your account (email address, when it was confirmed and created) and your profile;</li>
          <li>your subscription's state, your notification preferences and your saved contacts;</li>
          <li>your in-app notifications;</li>
          <li>
            the devices and sign-ins on your account, by their names only: browsers and apps with
            push notifications, passkeys, the app's Face ID / Touch ID sign-ins and your sessions;
          </li>
          <li>
            every event you lead with its timeline, shot list, people and vendors, its team and
            invitations, and its client links (the client's email, permissions and expiry);
          </li>
          <li>the events you joined as a team member, and the invitations sent to your address.</li>
        </ul>
        <p>
          The file never contains your password or any code or key that could sign in as you, open
          an invitation or client link, or send you a push notification. You can download it up to 5
          times an hour.
        </p>
      </>
    ),
  },
  {
    id: "deleting-your-account",
    title: "Deleting Your Account",
    body: (
      <>
        <p>
          In Settings, under Account, the button <strong>Delete account</strong> deletes your account
          once you confirm with your password (or a passkey) and type the word "delete". Download your data first if you want
          to keep it. Deleting removes, at once:
        </p>
        <ul className={listClass}>
          <li>your account, your profile and your business details;</li>
          <li>
            every event you lead, with its timeline, shot list, people, vendors, team, invitations and
            client links; its team members and clients are told that the event was removed;
          </li>
          <li>your place on other photographers' teams and the invitations sent to you;</li>
          <li>your saved contacts, notifications and notification preferences;</li>
          <li>
            your push subscriptions and app devices, passkeys, the app's Face ID / Touch ID
            sign-ins and every session, so every device is signed out;
          </li>
          <li>emails to your address waiting to be sent, and our record of those already sent;</li>
          <li>the counters that limit sign-in and other attempts made with your address.</li>
        </ul>
        <p>
          If you pay for Pro through Stripe, the subscription is cancelled at once, no further
          charge is made and we ask Stripe to delete you as a customer. A subscription bought in the
          App Store or Google Play can be cancelled only there: cancel it in the store's
          subscription settings, before or after you delete your account.
        </p>
        <p>What stays, and why:</p>
        <ul className={listClass}>
          <li>
            Stripe's own records of your payments (its invoices and receipts), which Stripe keeps
            under its own privacy policy and the law.
          </li>
          <li>
            The identifiers of payment notifications and background jobs we have already handled,
            kept so that none is handled twice; they hold no personal information.
          </li>
          <li>
            What you entered in an event that another photographer leads stays part of their event,
            no longer linked to your account.
          </li>
          <li>
            Emails we already sent are in their recipients' mailboxes, and the activity log the app
            keeps on your device stays there until you clear the app's data.
          </li>
        </ul>
        <p>
          Afterwards you can sign up again with the same email address; it starts as a new, empty
          account.
        </p>
      </>
    ),
  },
  {
    id: "your-rights",
    title: "Your Rights",
    body: (
      <>
        <p>
          Depending on where you live, for example in the European Economic Area, the United Kingdom
          or California, you may have the right to:
        </p>
        <ul className={listClass}>
          <li>know what personal information we hold about you and receive a copy of it;</li>
          <li>have inaccurate information corrected;</li>
          <li>have your information deleted;</li>
          <li>receive your information in a portable format;</li>
          <li>object to or restrict certain uses of your information;</li>
          <li>complain to your local data protection authority.</li>
        </ul>
        <p>
          You can correct your profile and business details in Settings, edit or delete any event you
          lead, and change your notification and push settings at any time. You can download a copy
          of your data (Settings → Account → <strong>Download my data</strong>, see{" "}
          <a href="#downloading-your-data" className={linkClass}>
            Downloading Your Data
          </a>
          ) and delete your account (Settings → Account → <strong>Delete account</strong>, see{" "}
          <a href="#deleting-your-account" className={linkClass}>
            Deleting Your Account
          </a>
          ) yourself. For anything else, email us at{" "}
          <a href={`mailto:${CONTACT_EMAIL}`} className={linkClass}>
            {CONTACT_EMAIL}
          </a>
          . We may need to confirm your identity and will answer within 30 days. We never treat you
          differently for using these rights.
        </p>
        <p>
          If you are a couple, guest or vendor whose details a photographer entered in Event Flow,
          please contact that photographer first; we will help if you cannot reach them.
        </p>
      </>
    ),
  },
  {
    id: "childrens-privacy",
    title: "Children's Privacy",
    body: (
      <p>
        Event Flow is a tool for working professionals and is not directed to children. We do not
        knowingly collect personal information from children under 13, and children under 13 may not
        create an account. If you believe a child under 13 has given us personal information, email us
        and we will delete it. A photographer may list a child, such as a flower girl or ring bearer,
        in an event's people list; that information is handled for the photographer only to plan the
        event, and the photographer is responsible for having permission to include it.
      </p>
    ),
  },
  {
    id: "changes-to-this-policy",
    title: "Changes to This Policy",
    body: (
      <p>
        We may update this policy as Event Flow changes or as the law requires. We will post the new
        version on this page and change the "Last updated" date. If a change materially affects how we
        use your information, we will tell you by email or in the app before it takes effect.
      </p>
    ),
  },
  {
    id: "contact-us",
    title: "Contact Us",
    body: (
      <p>
        For questions about this policy or your information, email us at{" "}
        <a href={`mailto:${CONTACT_EMAIL}?subject=${encodeURIComponent("Privacy")}`} className={linkClass}>
          {CONTACT_EMAIL}
        </a>{" "}
        with "Privacy" in the subject line.
      </p>
    ),
  },
];

export default function PrivacyPolicyPage() {
  return (
    <PageShell
      title="Privacy Policy"
      intro={
        <>
          <p className="text-sm text-slate-500">Last updated: November 27, 2026</p>
          <p className="mt-2">
            This policy explains what information Event Flow collects when lead photographers, their
            team members and their clients use our website and mobile apps, how we use it, and the
            choices you have.
          </p>
        </>
      }
    >
      <LegalDocument idPrefix="privacy" sections={sections} />
    </PageShell>
  );
}
