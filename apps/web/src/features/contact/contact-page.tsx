import { Clock, Mail, MapPin } from 'lucide-react';
import { Link } from 'react-router';

import { FormField, inputClass, SubmitButton } from '../../components/form-field';
import { NameEmailFields } from '../../components/name-email-fields';
import { PageHeader } from '../../components/page-header';
import { useContactForm } from './use-contact';

export default function ContactPage() {
  const { form, errors, sending, submit } = useContactForm();

  return (
    <main>
      <PageHeader title="Contact Us">
        Questions, ideas or trouble with your account? Send us a message and a real person on the
        Daywise team will answer, usually within one business day.
      </PageHeader>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 lg:grid-cols-3">
        <section aria-labelledby="contact-form-title" className="lg:col-span-2">
          <h2 id="contact-form-title" className="mb-6 text-2xl font-semibold">
            Send us a message
          </h2>
          <form noValidate={false} onSubmit={submit} className="space-y-5">
            <NameEmailFields
              name={{ error: errors.name?.message, registration: form.register('name') }}
              email={{ error: errors.email?.message, registration: form.register('email') }}
            />
            <FormField label="Subject" error={errors.subject?.message}>
              {(field) => (
                <input {...field} {...form.register('subject')} required className={inputClass} />
              )}
            </FormField>
            <FormField label="Message" error={errors.message?.message}>
              {(field) => (
                <textarea
                  {...field}
                  {...form.register('message')}
                  required
                  rows={6}
                  className={inputClass}
                />
              )}
            </FormField>
            <SubmitButton pending={sending} pendingLabel="Sending...">
              Send Message
            </SubmitButton>
          </form>
        </section>
        <aside className="space-y-8">
          <section aria-labelledby="contact-details-title" className="space-y-4">
            <h2 id="contact-details-title" className="text-xl font-semibold">
              Other ways to reach us
            </h2>
            <p className="flex items-start gap-3">
              <Mail aria-hidden className="mt-0.5 size-5 text-blue-600 dark:text-blue-400" />
              <span>
                <span className="block font-medium">Email</span>
                <a
                  href="mailto:support@daywise.app"
                  className="text-blue-700 underline dark:text-blue-300"
                >
                  support@daywise.app
                </a>
              </span>
            </p>
            <p className="flex items-start gap-3">
              <Clock aria-hidden className="mt-0.5 size-5 text-blue-600 dark:text-blue-400" />
              <span>
                <span className="block font-medium">Support hours</span>
                Monday to Friday, 9:00–17:00 CET
              </span>
            </p>
            <p className="flex items-start gap-3">
              <MapPin aria-hidden className="mt-0.5 size-5 text-blue-600 dark:text-blue-400" />
              <span>
                <span className="block font-medium">Where we work</span>A small, fully remote team
              </span>
            </p>
          </section>
          <section aria-labelledby="contact-more-title" className="space-y-3">
            <h2 id="contact-more-title" className="text-xl font-semibold">
              Before you write
            </h2>
            <ul className="space-y-2 text-gray-700 dark:text-gray-300">
              <li>
                Many answers are already in our{' '}
                <Link to="/faq" className="text-blue-700 underline dark:text-blue-300">
                  FAQ
                </Link>
                .
              </li>
              <li>
                Ideas and bug reports are welcome on the{' '}
                <Link to="/feedback" className="text-blue-700 underline dark:text-blue-300">
                  feedback page
                </Link>
                .
              </li>
              <li>
                Curious who we are?{' '}
                <Link to="/about" className="text-blue-700 underline dark:text-blue-300">
                  Read about us
                </Link>
                .
              </li>
            </ul>
          </section>
        </aside>
      </div>
    </main>
  );
}
