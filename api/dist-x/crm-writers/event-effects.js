const labels = {
    EMAIL_SENT: 'Email sent',
    EMAIL_OPEN: 'Email opened',
    EMAIL_LINK_CLICK: 'Email link clicked',
    EMAIL_REPLY: 'Email reply',
    EMAIL_BOUNCE: 'Email bounced',
    LEAD_UNSUBSCRIBED: 'Lead unsubscribed',
    LEAD_CATEGORY_UPDATED: 'Lead category updated',
    CONNECTION_REQUEST_SENT: 'LinkedIn connection request sent',
    CONNECTION_REQUEST_ACCEPTED: 'LinkedIn connection request accepted',
    MESSAGE_SENT: 'LinkedIn message sent',
    REPLY_RECEIVED: 'LinkedIn reply received',
    FOLLOW_SENT: 'LinkedIn follow',
    LIKED_POST: 'LinkedIn post liked',
    VIEWED_PROFILE: 'LinkedIn profile viewed',
};
/** The event's words for logs and subjects ("Email reply"), the platform's own name when no §9 type covers it. */
export const eventLabel = (event) => (event.eventType ? (labels[event.eventType] ?? event.eventType) : event.platformEventType);
/** HeyReach's InMail events are the premium variants of messages and replies. */
const isInMail = (event) => event.platformEventType.startsWith('inmail');
/**
 * The table: what an event writes (`now` stands in when the event carries no time). Null for an
 * event no row covers (a campaign completed, an Instantly status without a §9 type): nothing is written.
 */
export function eventEffect(event, now) {
    const at = event.occurredAt ?? now;
    const effect = (mode, os, extra = {}) => ({
        mode,
        os: { os_sales_engagement_platform: event.platform, ...os },
        increments: [],
        activity: null,
        taskWorthy: false,
        label: `${eventLabel(event)}${isInMail(event) ? ' (InMail)' : ''}`,
        ...extra,
    });
    const present = (entries) => Object.fromEntries(Object.entries(entries).filter(([, value]) => value !== null && value !== undefined && value !== ''));
    switch (event.eventType) {
        case 'EMAIL_SENT':
            return effect('upsert', present({ os_last_sent_at: at, os_last_sequence_step: event.message.sequenceStep, os_campaign_name: event.campaign.name }), { activity: 'outgoing-email' });
        case 'EMAIL_OPEN':
            return effect('update', { os_last_open_at: at }, { increments: ['os_open_count'] });
        case 'EMAIL_LINK_CLICK':
            return effect('update', { os_last_click_at: at }, { increments: ['os_click_count'] });
        case 'EMAIL_REPLY':
            return effect('upsert', present({ os_last_reply_at: at, os_last_reply_message: event.message.text ?? event.message.html }), { activity: 'incoming-email', taskWorthy: true });
        case 'EMAIL_BOUNCE':
            return effect('update', { os_bounced: true }, { activity: 'bounced-email' });
        case 'LEAD_UNSUBSCRIBED':
            return effect('update', { os_unsubscribed: true });
        case 'LEAD_CATEGORY_UPDATED':
            if (event.platform === 'heyreach') {
                // a HeyReach tag change: social activity; the tags are the lead's categories
                return effect('update', present({ os_last_social_activity: `Tags: ${event.lead.tags.join(', ')}`, os_last_social_activity_at: at, os_lead_category_name: event.category?.newName ?? null }));
            }
            return effect('update', present({ os_lead_category_id: event.category?.newId ?? null, os_lead_category_name: event.category?.newName ?? null }));
        case 'CONNECTION_REQUEST_SENT':
            return effect('upsert', { os_last_connection_status: 'Request sent', os_last_connection_at: at });
        case 'CONNECTION_REQUEST_ACCEPTED':
            return effect('upsert', { os_last_connection_status: 'Accepted', os_last_connection_at: at }, { taskWorthy: true });
        case 'MESSAGE_SENT':
            return effect('upsert', {}, { activity: 'linkedin-message' });
        case 'REPLY_RECEIVED':
            return effect('upsert', present({ os_last_social_reply: event.message.text }), { activity: 'linkedin-reply', taskWorthy: true });
        case 'FOLLOW_SENT':
        case 'LIKED_POST':
        case 'VIEWED_PROFILE':
            return effect('update', { os_last_social_activity: eventLabel(event), os_last_social_activity_at: at });
        case null:
            return null;
    }
}
//# sourceMappingURL=event-effects.js.map