// Migration 0013's frozen copy of the FAQ and About texts it seeded (en-US), as written on 2026-11-25; migration 0033 moves them on.

export const FAQ_EN = `Here you find answers to common questions about the learning platform. Use the search to find a question quickly.

## How do I sign in?
Open your company's address and sign in with your e-mail address or user name and your password. The first time, you get an e-mail with a link to set your password.

## I forgot my password. What now?
Choose "Forgot password" on the sign-in page and enter your e-mail address. You get a link to set a new password.

## What is a training?
A training is a course assigned to you through a group, often with a start date and a deadline. You see your trainings on the start page under "Courses".

## What are modules?
A course is made of modules: interactive learning units (SCORM) or PDF documents. Modules are taken in order; a module stays locked until the required modules before it are completed.

## When is a training completed?
As soon as all required modules are completed. A PDF module counts as completed when you open it in the viewer; an interactive module reports its completion itself.

## Where do I find my certificate?
If the course has a certificate template, your certificate is made when you complete it. You find it under "Downloads" → "Certificates" and can download it as a PDF.

## Why do I get reminders?
Your coordinator may send reminders while a training is not completed. Once you complete it, the reminders stop.

## Whom do I ask when something does not work?
Write to your company's support address, shown at the bottom of every page.
`;

export const ABOUT_EN = `This learning platform brings online training to your company: mandatory instructions, product training and everything your staff need to know.

## How it works
- **Courses** are made of modules: interactive SCORM learning units and PDF documents.
- **Trainings** assign a course to one or more groups, with a start date and a deadline.
- **Coordinators** follow their groups' progress and remind people of open trainings.
- **Certificates** are made automatically on completion and are ready as PDF files.

## Privacy
Your company is a client of its own: its data is kept apart from other companies' data. The imprint and privacy policy are linked at the bottom of every page.
`;
