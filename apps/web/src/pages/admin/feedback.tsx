import { PlannedArea } from '../../features/admin-shell/components/planned-area.tsx';

/** /admin/feedback: to be built (issue 14, feedback and numbers). */
export default function FeedbackScreen() {
  return (
    <PlannedArea
      title="Feedback"
      summary="What customers have said about their rides."
      holds={[
        'Every message with its rating and mood, newest first',
        'Anonymous feedback, kept without its author',
      ]}
    />
  );
}
