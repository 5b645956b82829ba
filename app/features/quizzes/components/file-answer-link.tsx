import { Anchor } from "@mantine/core";
import { answerFileUrl, asFileAnswer } from "../answer-file";

/** A sent answer file as a link to its download (served to its owner and its graders only). */
export function FileAnswerLink({ attemptId, value }: { attemptId: string; value: unknown }) {
  const file = asFileAnswer(value);
  if (!file) return <span>—</span>;
  return (
    <Anchor href={answerFileUrl(attemptId, file.fileId)} download={file.name}>
      {file.name}
    </Anchor>
  );
}
