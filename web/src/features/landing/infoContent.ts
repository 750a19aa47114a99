import type { InfoPage } from '../../app/routing.js';

/**
 * Short, true pages for the footer links (docs/decisions/0024-words-and-states.md): what the product does as built, no
 * promises. A page without its own text offers the demo, where those questions are answered.
 */
interface InfoSection {
  heading: string;
  paragraphs: string[];
}

export const INFO_CONTENT: Partial<Record<InfoPage, { lead: string; sections: InfoSection[] }>> = {
  security: {
    lead: 'How each business’s data is kept apart and how accounts are protected.',
    sections: [
      {
        heading: 'One business, one space',
        paragraphs: [
          'Every request is tied to the organization of the signed-in account, and a session works only on its own business’s address. One business never sees another’s inventory, reservations, customers or staff.',
        ],
      },
      {
        heading: 'Accounts and sessions',
        paragraphs: [
          'Passwords are stored only as salted hashes. After five failed sign-in attempts an account waits 15 minutes before it can try again.',
          'Signing out ends the session on the server at once. A changed role or password, a deactivated account or a suspended organization ends its sessions within 30 seconds.',
        ],
      },
      {
        heading: 'Who may do what',
        paragraphs: [
          'Owners decide what managers and employees may see and change in the permission matrix; the server checks it on every request.',
        ],
      },
    ],
  },
  docs: {
    lead: 'The first steps for a new business account.',
    sections: [
      {
        heading: '1. Open your account',
        paragraphs: ['Follow the link in your invitation e-mail, name your business and choose a password.'],
      },
      {
        heading: '2. Set up your storefront',
        paragraphs: ['Under Storefront, enter your opening hours, taxes and contact details, and who may do what.'],
      },
      {
        heading: '3. Add what you rent and offer',
        paragraphs: [
          'Under Inventory & Services, create product types with their rates, add your items, and create services with time slots. Each service has a link customers can book from.',
        ],
      },
      {
        heading: '4. Take reservations',
        paragraphs: [
          'Create reservations for walk-ins, process returns with overage and refunds, and follow the day on the dashboard.',
        ],
      },
    ],
  },
  help: {
    lead: 'Answers to the questions we hear most.',
    sections: [
      {
        heading: 'I forgot my password',
        paragraphs: ['Use “Forgot password?” on the sign-in page, or ask your business’s administrator.'],
      },
      {
        heading: 'My sign-in is refused',
        paragraphs: [
          'After five failed attempts, wait 15 minutes. If your account was deactivated, your administrator can turn it back on.',
        ],
      },
      {
        heading: 'I booked as a customer',
        paragraphs: ['Your confirmation e-mail names the business: contact it about changes to your booking.'],
      },
    ],
  },
  status: {
    lead: 'How the service is watched.',
    sections: [
      {
        heading: 'Health checks',
        paragraphs: [
          'The platform team sees the health of the database, file storage, e-mail and every scheduled job in the platform portal, and is told when one fails.',
          'There is no public status feed yet. If something is not working for you, tell your business’s administrator or book a call with us.',
        ],
      },
    ],
  },
  privacy: {
    lead: 'What is stored, and why.',
    sections: [
      {
        heading: 'For businesses',
        paragraphs: [
          'Staff accounts (names, e-mail, phone), inventory, services, reservations, payments recorded and reports, kept for the business that entered them.',
        ],
      },
      {
        heading: 'For customers of a business',
        paragraphs: [
          'The name, phone, e-mail and answers you give when booking, used by that business to run your reservation. It is not shared with other businesses.',
        ],
      },
      {
        heading: 'E-mail',
        paragraphs: [
          'We send invitations, booking confirmations and the reports a business schedules. Every report e-mail carries a one-click unsubscribe link.',
        ],
      },
      {
        heading: 'Corrections and removal',
        paragraphs: ['Ask the business you booked with; its administrator can correct or remove your details.'],
      },
    ],
  },
};
