import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { crmSignInErrorMessages } from 'shared/contract';
import { renderWithHost, testUsers } from 'shared/testing';
import { SignInErrorAlert } from './SignInErrorAlert';

const LOCATION = '/admin/dashboard/hubspot';

function renderAlert(search: string, provider: 'hubspot' | 'salesforce' = 'hubspot') {
  return renderWithHost(
    <SignInErrorAlert title="The account was not connected" provider={provider} />,
    { user: testUsers.user, location: `${LOCATION}${search}` },
  );
}

describe('the CRM sign-in error banner', () => {
  it('shows the fixed message of the code in ?error=', () => {
    renderAlert('?error=denied');
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('The account was not connected');
    expect(alert).toHaveTextContent('HubSpot access was denied: the account was not connected');
  });

  it.each(Object.entries(crmSignInErrorMessages.salesforce))(
    "shows Salesforce's message for %s",
    (code, message) => {
      renderAlert(`?error=${code}`, 'salesforce');
      expect(screen.getByRole('alert')).toHaveTextContent(message);
    },
  );

  it('never shows text from the address: anything but a known code reads as a failed sign-in', () => {
    const crafted = 'Your account is locked. Call +1 555 0100 and give them your password';
    renderAlert(`?error=${encodeURIComponent(crafted)}`);
    const alert = screen.getByRole('alert');
    expect(alert).not.toHaveTextContent('Call +1 555 0100');
    expect(alert).toHaveTextContent('HubSpot sign-in failed. Try again');
  });

  it('shows nothing without an error', () => {
    renderAlert('');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    renderAlert('?error=');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('Dismiss takes the code out of the address', async () => {
    const { host } = renderAlert('?error=codeRefused');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(host.navigations).toEqual([LOCATION]);
  });
});
